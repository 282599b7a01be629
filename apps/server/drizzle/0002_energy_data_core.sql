CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'operational' NOT NULL,
	"room_id" uuid,
	"x" integer,
	"y" integer,
	"rated_power_w" double precision,
	"never_switch" boolean DEFAULT false NOT NULL,
	"relay_on" boolean,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "household_live_power" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"power_w" double precision NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "household_tariffs" (
	"household_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_tariffs_household_id_effective_from_pk" PRIMARY KEY("household_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"name" text NOT NULL,
	"postal_code" text,
	"province" text NOT NULL,
	"time_zone" text DEFAULT 'America/Toronto' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"occupants" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_owner_user_id_unique" UNIQUE("owner_user_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"device_id" uuid,
	"token_hash" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "ingest_credentials_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "device_counters" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"counter_kwh" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_readings" (
	"device_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"power_w" double precision,
	"energy_kwh" double precision,
	"efficiency" double precision,
	"relay_on" boolean,
	"metrics" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_readings_device_id_ts_pk" PRIMARY KEY("device_id","ts")
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"household_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"production_kwh" double precision NOT NULL,
	"consumption_kwh" double precision NOT NULL,
	"grid_import_kwh" double precision NOT NULL,
	"grid_export_kwh" double precision NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_readings_household_id_ts_pk" PRIMARY KEY("household_id","ts")
);
--> statement-breakpoint
CREATE TABLE "device_daily" (
	"device_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"energy_kwh" double precision,
	"avg_power_w" double precision,
	"avg_efficiency" double precision,
	"interval_count" integer NOT NULL,
	"energy_interval_count" integer NOT NULL,
	CONSTRAINT "device_daily_device_id_local_date_pk" PRIMARY KEY("device_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "device_hourly" (
	"device_id" uuid NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"energy_kwh" double precision,
	"avg_power_w" double precision,
	"avg_efficiency" double precision,
	"interval_count" integer NOT NULL,
	"energy_interval_count" integer NOT NULL,
	CONSTRAINT "device_hourly_device_id_hour_start_pk" PRIMARY KEY("device_id","hour_start")
);
--> statement-breakpoint
CREATE TABLE "meter_daily" (
	"household_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"production_kwh" double precision NOT NULL,
	"consumption_kwh" double precision NOT NULL,
	"grid_import_kwh" double precision NOT NULL,
	"grid_export_kwh" double precision NOT NULL,
	"interval_count" integer NOT NULL,
	CONSTRAINT "meter_daily_household_id_local_date_pk" PRIMARY KEY("household_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "meter_hourly" (
	"household_id" uuid NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"production_kwh" double precision NOT NULL,
	"consumption_kwh" double precision NOT NULL,
	"grid_import_kwh" double precision NOT NULL,
	"grid_export_kwh" double precision NOT NULL,
	"interval_count" integer NOT NULL,
	CONSTRAINT "meter_hourly_household_id_hour_start_pk" PRIMARY KEY("household_id","hour_start")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_live_power" ADD CONSTRAINT "household_live_power_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_tariffs" ADD CONSTRAINT "household_tariffs_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_credentials" ADD CONSTRAINT "ingest_credentials_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_credentials" ADD CONSTRAINT "ingest_credentials_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_counters" ADD CONSTRAINT "device_counters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_daily" ADD CONSTRAINT "device_daily_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_hourly" ADD CONSTRAINT "device_hourly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_daily" ADD CONSTRAINT "meter_daily_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_hourly" ADD CONSTRAINT "meter_hourly_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_household_external_id_live_idx" ON "devices" USING btree ("household_id","external_id") WHERE "devices"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "devices_household_idx" ON "devices" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "rooms_household_idx" ON "rooms" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "ingest_credentials_household_idx" ON "ingest_credentials" USING btree ("household_id");