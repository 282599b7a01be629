-- A comfort switch that could not be sent before its deadline is logged as failed (decision 113), not left unsent.
ALTER TABLE "event_comfort_actions" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_comfort_actions" ADD CONSTRAINT "event_comfort_actions_sent_or_failed" CHECK ("sent_at" IS NULL OR "failed_at" IS NULL);
