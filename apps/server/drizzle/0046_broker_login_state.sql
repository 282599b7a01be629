-- What Peakwise knows of a credential's Mosquitto login (issue 30, decision 105): when the broker
-- last reported it logged in (read from the broker's log topic), and since when the daily check
-- found it has no login there (a credential issued before Peakwise managed Mosquitto's logins, or
-- one whose login job gave up without its password). Both stay null with the embedded broker.
ALTER TABLE "ingest_credentials" ADD COLUMN "broker_login_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingest_credentials" ADD COLUMN "broker_login_missing_at" timestamp with time zone;
