CREATE TABLE "component_health" (
	"component_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"basis" double precision,
	"health_pct" double precision,
	CONSTRAINT "component_health_component_id_local_date_pk" PRIMARY KEY("component_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "maintenance_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"alert_id" uuid,
	"action" text NOT NULL,
	"date" date NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"type" text NOT NULL,
	"cause" text NOT NULL,
	"priority" text NOT NULL,
	"metric_kind" text NOT NULL,
	"metric_value" double precision NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" text,
	"scheduled_for" date
);
--> statement-breakpoint
CREATE TABLE "maintenance_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"device_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"last_maintenance" date,
	"next_maintenance" date,
	"next_maintenance_source" text,
	"health_reference" double precision,
	"mtbf_hours" double precision,
	"mttr_hours" double precision,
	"reliability_source" text,
	"reliability_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "maintenance_scored_days" (
	"household_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"source_intervals" integer NOT NULL,
	CONSTRAINT "maintenance_scored_days_household_id_local_date_pk" PRIMARY KEY("household_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "component_health" ADD CONSTRAINT "component_health_component_id_maintenance_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."maintenance_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_actions" ADD CONSTRAINT "maintenance_actions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_actions" ADD CONSTRAINT "maintenance_actions_component_id_maintenance_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."maintenance_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_actions" ADD CONSTRAINT "maintenance_actions_alert_id_maintenance_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."maintenance_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_actions" ADD CONSTRAINT "maintenance_actions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_alerts" ADD CONSTRAINT "maintenance_alerts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_alerts" ADD CONSTRAINT "maintenance_alerts_component_id_maintenance_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."maintenance_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_alerts" ADD CONSTRAINT "maintenance_alerts_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_components" ADD CONSTRAINT "maintenance_components_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_components" ADD CONSTRAINT "maintenance_components_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_scored_days" ADD CONSTRAINT "maintenance_scored_days_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_actions_component_idx" ON "maintenance_actions" USING btree ("component_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_alerts_open_idx" ON "maintenance_alerts" USING btree ("component_id","cause") WHERE "maintenance_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "maintenance_alerts_household_idx" ON "maintenance_alerts" USING btree ("household_id","detected_at");--> statement-breakpoint
CREATE INDEX "maintenance_components_household_idx" ON "maintenance_components" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_components_device_live_idx" ON "maintenance_components" USING btree ("device_id") WHERE "maintenance_components"."removed_at" is null and "maintenance_components"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_components_array_live_idx" ON "maintenance_components" USING btree ("household_id") WHERE "maintenance_components"."removed_at" is null and "maintenance_components"."kind" = 'solar_array';