-- Decision 146. The operator's event list totalled every listed event's results and opt-ins on each
-- call: a million rows for ten events of 100,000 homes, more with each settled event. A settlement
-- run now stores its event's figures in its own transaction, and those of the events whose held
-- points it released; the list reads them, and counts live only for events no run has totalled.
CREATE TABLE "event_totals" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"opted_in" integer NOT NULL,
	"results" integer NOT NULL,
	"not_settled" integer NOT NULL,
	"points_paid" bigint NOT NULL,
	"points_held" bigint NOT NULL,
	"reduction_kwh" double precision NOT NULL,
	CONSTRAINT "event_totals_counts" CHECK ("opted_in" >= 0 and "results" >= 0 and "not_settled" between 0 and "results" and "points_paid" >= 0 and "points_held" >= 0)
);
--> statement-breakpoint
ALTER TABLE "event_totals" ADD CONSTRAINT "event_totals_event_id_energy_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."energy_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom: the events settled before it, totalled as a settlement run would total them.
INSERT INTO "event_totals" ("event_id", "opted_in", "results", "not_settled", "points_paid", "points_held", "reduction_kwh")
SELECT e.id,
  (SELECT count(*) FROM event_participations p WHERE p.event_id = e.id AND p.opted_in),
  count(r.*), count(r.*) FILTER (WHERE r.outcome <> 'settled'),
  coalesce(sum(r.points) FILTER (WHERE r.proof_status IS DISTINCT FROM 'held'), 0),
  coalesce(sum(r.points) FILTER (WHERE r.proof_status = 'held'), 0),
  coalesce(sum(r.reduction_kwh) FILTER (WHERE r.outcome = 'settled'), 0)
FROM energy_events e JOIN event_results r ON r.event_id = e.id
GROUP BY e.id;
