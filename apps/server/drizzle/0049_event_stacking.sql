-- More than one program (issue 32, decision 108). An event copies whether its program stacks when
-- it is scheduled, as it copies its other terms, so a later edit of the program leaves the events
-- already announced as they were; events stored before this take their program's flag.
ALTER TABLE "energy_events" ADD COLUMN "stacks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "energy_events" e SET "stacks" = p."stacks" FROM "event_programs" p WHERE p."id" = e."program_id";--> statement-breakpoint
-- One kWh paid once: a 5-minute interval that two of a household's events share is recorded here by
-- the event that pays it, when it settles. The key is the household and the interval, so no second
-- event can record (and so pay) the same interval, whichever order or however often they settle.
CREATE TABLE "event_paid_intervals" (
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"interval_start" timestamp with time zone NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "energy_events"("id") ON DELETE CASCADE,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_paid_intervals_pk" PRIMARY KEY ("household_id", "interval_start"),
	CONSTRAINT "event_paid_intervals_grid" CHECK (extract(epoch from "interval_start")::bigint % 300 = 0)
);--> statement-breakpoint
CREATE INDEX "event_paid_intervals_event_idx" ON "event_paid_intervals" ("event_id");
