-- The broker's last refusal per ingest credential (issue 30): why a plug that never reports was
-- turned away (wrong password, wrong username, a topic outside its household's tree), so the
-- pairing screen can say what to check. Only the last one is kept: one row per credential, whatever
-- a misconfigured plug retries.
ALTER TABLE "ingest_credentials" ADD COLUMN "last_refusal_reason" text;--> statement-breakpoint
ALTER TABLE "ingest_credentials" ADD COLUMN "last_refusal_topic" text;--> statement-breakpoint
ALTER TABLE "ingest_credentials" ADD COLUMN "last_refusal_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingest_credentials" ADD CONSTRAINT "ingest_credentials_refusal_reason" CHECK ("last_refusal_reason" in ('wrong_password', 'wrong_username', 'vendor_default_topic', 'outside_household', 'topic_not_allowed', 'subscription_refused', 'in_use_elsewhere'));
