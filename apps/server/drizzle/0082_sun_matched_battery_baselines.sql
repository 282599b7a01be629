-- Decision 147. A battery home whose panels' production is measured is scored on the days of its
-- baseline whose production before the start was nearest the event day's. Its row keeps, per day in
-- date order, that production and its grid draw per event slot (day-major), so the day's choice and
-- its σ can be made once the event day's production is in. Every other row leaves both null.
ALTER TABLE "event_baselines" ADD COLUMN "sun_produced_kwh" double precision[];--> statement-breakpoint
ALTER TABLE "event_baselines" ADD COLUMN "sun_event_day_kwh" double precision[];--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_sun" CHECK (("method" = 'mean-of-sun-matched-days' and "status" = 'ok') = ("sun_produced_kwh" is not null and "sun_event_day_kwh" is not null) and ("sun_produced_kwh" is null or (cardinality("sun_produced_kwh") = cardinality("days") and cardinality("sun_event_day_kwh") = cardinality("days") * cardinality("event_kwh"))));
