CREATE TABLE "plug_switch_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"requested_by" text,
	"requested_on" boolean NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_daily" ADD COLUMN "litres" double precision;--> statement-breakpoint
ALTER TABLE "device_daily" ADD COLUMN "hot_litres" double precision;--> statement-breakpoint
ALTER TABLE "device_hourly" ADD COLUMN "litres" double precision;--> statement-breakpoint
ALTER TABLE "device_hourly" ADD COLUMN "hot_litres" double precision;--> statement-breakpoint
ALTER TABLE "plug_switch_events" ADD CONSTRAINT "plug_switch_events_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plug_switch_events" ADD CONSTRAINT "plug_switch_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plug_switch_events" ADD CONSTRAINT "plug_switch_events_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plug_switch_events_device_idx" ON "plug_switch_events" USING btree ("device_id","requested_at");