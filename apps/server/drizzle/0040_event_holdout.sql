-- A random hold-out per event (issue 31, decision 100): the share of the area's households that
-- an event does not call, drawn once at announcement from a recorded seed, and every household's
-- arm, so the program's impact (called minus held out) is measured on the population fixed then.
-- Events made before this, or not through the console, hold nobody out (0).
ALTER TABLE "energy_events" ADD COLUMN "holdout_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_events" ADD CONSTRAINT "energy_events_holdout_percent" CHECK ("holdout_percent" BETWEEN 0 AND 50);--> statement-breakpoint
CREATE TABLE "event_holdout_draws" (
	"event_id" uuid PRIMARY KEY NOT NULL REFERENCES "energy_events"("id") ON DELETE CASCADE,
	"program_id" uuid NOT NULL REFERENCES "event_programs"("id"),
	"seed" text NOT NULL,
	"percent" integer NOT NULL,
	"season" text NOT NULL,
	"eligible" integer NOT NULL,
	"drawable" integer NOT NULL,
	"held_out" integer NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_holdout_draws_seed" CHECK ("seed" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "event_holdout_draws_percent" CHECK ("percent" BETWEEN 0 AND 50),
	CONSTRAINT "event_holdout_draws_season" CHECK ("season" ~ '^[0-9]{4}-(winter|summer)$'),
	CONSTRAINT "event_holdout_draws_counts" CHECK ("eligible" >= 0 AND "drawable" BETWEEN 0 AND "eligible" AND "held_out" BETWEEN 0 AND "drawable"),
	CONSTRAINT "event_holdout_draws_share" CHECK ("held_out" * 100 <= "percent" * "eligible")
);--> statement-breakpoint
CREATE INDEX "event_holdout_draws_program_idx" ON "event_holdout_draws" ("program_id", "season");--> statement-breakpoint
CREATE TABLE "event_assignments" (
	"event_id" uuid NOT NULL REFERENCES "event_holdout_draws"("event_id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"held_out" boolean NOT NULL,
	"drawable" boolean NOT NULL,
	CONSTRAINT "event_assignments_pk" PRIMARY KEY ("event_id", "household_id"),
	CONSTRAINT "event_assignments_drawable" CHECK ("drawable" OR NOT "held_out")
);--> statement-breakpoint
CREATE INDEX "event_assignments_held_out_idx" ON "event_assignments" ("household_id", "event_id") WHERE "held_out";
