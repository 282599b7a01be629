-- The baseline each opted-in household is shown before an event, frozen (decision 099): written at
-- the announcement (or at a later opt-in), read by the event screens, the live scorecard and
-- settlement, so what the member was shown is what they are paid against. One row per event and
-- household; a row only exists for a household that took part (the participation's key).
CREATE TABLE "event_baselines" (
	"event_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"day_kind" text,
	"days" date[] NOT NULL,
	"baseline_kwh" double precision,
	"event_kwh" double precision[],
	"window_kwh" double precision[],
	"event_starts_at" timestamp with time zone NOT NULL,
	"event_ends_at" timestamp with time zone NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_baselines_pk" PRIMARY KEY("event_id","household_id"),
	CONSTRAINT "event_baselines_method" CHECK (length("method") between 1 and 64),
	CONSTRAINT "event_baselines_status" CHECK ("status" in ('ok', 'insufficient_history', 'event_crosses_midnight')),
	CONSTRAINT "event_baselines_day_kind" CHECK ("day_kind" in ('weekday', 'weekend-or-holiday')),
	CONSTRAINT "event_baselines_window" CHECK ("event_ends_at" > "event_starts_at"),
	CONSTRAINT "event_baselines_figures" CHECK (
		("status" = 'ok') = ("baseline_kwh" is not null and "event_kwh" is not null and "window_kwh" is not null and "day_kind" is not null)
	),
	CONSTRAINT "event_baselines_kwh" CHECK ("baseline_kwh" >= 0),
	CONSTRAINT "event_baselines_ok_days" CHECK ("status" <> 'ok' or cardinality("days") > 0),
	CONSTRAINT "event_baselines_event_slots" CHECK ("status" <> 'ok' or cardinality("event_kwh") > 0)
);
--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_event_fk" FOREIGN KEY ("event_id") REFERENCES "public"."energy_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_household_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_participation_fk" FOREIGN KEY ("event_id","household_id") REFERENCES "public"."event_participations"("event_id","household_id") ON DELETE cascade ON UPDATE no action;
