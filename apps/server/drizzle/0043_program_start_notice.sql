-- "Tell me when a program starts here" (issue 32): a member in a served place with no program asks
-- once; the first program that covers the home tells them and clears the ask (notified_at).
ALTER TABLE "household_event_settings" ADD COLUMN "notify_program_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "household_event_settings" ADD COLUMN "program_start_notified_at" timestamp with time zone;
