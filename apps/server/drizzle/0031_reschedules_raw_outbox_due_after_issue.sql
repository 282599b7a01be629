-- A statement is never due before it is issued (decision 084). Statements the demo's back-fill
-- issued on the day of the back-fill, with the due dates of their month, are moved to the instant
-- the monthly job would have issued them (local midnight on the 1st after their period); that is
-- the only correction, and the only time an issued statement's date is touched.
ALTER TABLE "statements" DISABLE TRIGGER "statements_no_amount_update";
--> statement-breakpoint
UPDATE "statements" SET "issued_at" = ("period_end" + 1)::timestamp AT TIME ZONE "time_zone"
WHERE "due_date" < ("issued_at" AT TIME ZONE "time_zone")::date;
--> statement-breakpoint
ALTER TABLE "statements" ENABLE TRIGGER "statements_no_amount_update";
--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_due_after_issue" CHECK ("due_date" >= ("issued_at" AT TIME ZONE "time_zone")::date);
--> statement-breakpoint
-- The whole message as it went out (or, without SMTP, as it would have): headers, every part and
-- the calendar invitation, so the outbox is a faithful record (docs/notifications.md).
ALTER TABLE "email_outbox" ADD COLUMN "raw" text;
--> statement-breakpoint
-- An event's calendar revision: bumped each time its window moves, so every member who was told
-- gets an updated invitation with a higher SEQUENCE (decision 084).
ALTER TABLE "energy_events" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "energy_events" ADD CONSTRAINT "energy_events_revision" CHECK ("revision" >= 0);
--> statement-breakpoint
ALTER TABLE "event_notifications" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "event_notifications" DROP CONSTRAINT "event_notifications_once";
--> statement-breakpoint
ALTER TABLE "event_notifications" ADD CONSTRAINT "event_notifications_once" UNIQUE("event_id","user_id","channel","kind","revision");
--> statement-breakpoint
ALTER TABLE "event_notifications" DROP CONSTRAINT "event_notifications_kind";
--> statement-breakpoint
ALTER TABLE "event_notifications" ADD CONSTRAINT "event_notifications_kind" CHECK ("event_notifications"."kind" in ('announced', 'reminder', 'rescheduled', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "event_notifications" ADD CONSTRAINT "event_notifications_revision" CHECK ("revision" >= 0 and ("kind" = 'rescheduled' or "revision" = 0));
