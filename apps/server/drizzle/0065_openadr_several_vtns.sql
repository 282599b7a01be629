-- Several VTNs at once, and webhooks retired under MQTT (issue 33, decision 121). Every table already
-- carries vtn_id; a VTN now has the name its configuration gives it (existing rows are the first
-- VTN's, 'default'), and a webhook subscription deleted on the VTN once it offered MQTT is kept, retired.
ALTER TABLE "openadr_vtns" ADD COLUMN "name" text DEFAULT 'default' NOT NULL;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD CONSTRAINT "openadr_vtns_name" CHECK ("name" ~ '^[a-z0-9][a-z0-9-]{0,31}$');
--> statement-breakpoint
ALTER TABLE "openadr_subscriptions" ADD COLUMN "retired_at" timestamp with time zone;
