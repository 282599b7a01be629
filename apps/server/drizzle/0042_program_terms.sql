-- Programs become operators' data (issue 32, decision 103): a French name, a season, the weekly
-- windows events may fall in, points per kWh, the baseline method's name, the hold-out share,
-- whether it stacks, whether it asks for a pre-heat, and a status (paused, ended). A program stored
-- before this keeps running as it did: every day, all day, for as long as anyone needs.
ALTER TABLE "event_programs" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "season_start" date DEFAULT '2000-01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "season_end" date DEFAULT '2099-12-31' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "windows" jsonb DEFAULT '[{"weekdays":[1,2,3,4,5,6,7],"start":"00:00","end":"24:00"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "points_per_kwh" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "baseline_method" text DEFAULT 'high-ten-adjusted' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "holdout_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "stacks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "preheat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_programs" ADD CONSTRAINT "event_programs_season" CHECK ("season_end" >= "season_start");--> statement-breakpoint
ALTER TABLE "event_programs" ADD CONSTRAINT "event_programs_points_per_kwh" CHECK ("points_per_kwh" >= 0);--> statement-breakpoint
ALTER TABLE "event_programs" ADD CONSTRAINT "event_programs_holdout" CHECK ("holdout_percent" between 0 and 50);--> statement-breakpoint
ALTER TABLE "event_programs" ADD CONSTRAINT "event_programs_status" CHECK ("status" in ('active', 'paused', 'ended'));--> statement-breakpoint
ALTER TABLE "event_programs" ADD CONSTRAINT "event_programs_provinces" CHECK (cardinality("provinces") >= 1);--> statement-breakpoint
-- An event keeps the terms it was announced with: a later edit of its program changes none of them.
ALTER TABLE "energy_events" ADD COLUMN "points_per_kwh" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_events" ADD COLUMN "baseline_method" text DEFAULT 'high-ten-adjusted' NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_events" ADD CONSTRAINT "energy_events_points_per_kwh" CHECK ("points_per_kwh" >= 0);
