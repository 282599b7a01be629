-- OpenADR 3.1.1 MQTT notifications (issue 33, decision 114). The VTN's broker and the topics the VEN
-- listens on, as the VTN's /notifiers answered, and the listener's state for /ops. Credentials are
-- not kept: the broker login is the VTN's access token (or the certificate it hands out), held in memory.
ALTER TABLE "openadr_vtns" ADD COLUMN "mqtt_status" text DEFAULT 'off' NOT NULL;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "mqtt_broker" text;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "mqtt_topics" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "mqtt_error" text;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "mqtt_changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "mqtt_message_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD CONSTRAINT "openadr_vtns_mqtt_status" CHECK ("mqtt_status" in ('off', 'connecting', 'connected', 'down', 'failed'));
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD CONSTRAINT "openadr_vtns_mqtt_broker" CHECK (("mqtt_status" = 'off') or "mqtt_broker" is not null or "mqtt_status" = 'failed');
