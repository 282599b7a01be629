-- Decision 141. A gross-load row keeps each baseline day's gross load per event slot (day-major,
-- days in date order), so the day's baseline can floor each day's draw at 0 before the mean, and
-- read σ from the days' draws under the day's sun. Rows frozen before it keep the means alone and
-- are thawed on them, as they were.
ALTER TABLE "event_baselines" ADD COLUMN "event_gross_day_kwh" double precision[];--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_gross_days" CHECK ("event_gross_day_kwh" is null or ("event_gross_kwh" is not null and cardinality("event_gross_day_kwh") = cardinality("days") * cardinality("event_kwh")));--> statement-breakpoint
-- The saving above which a result is paid at once, as settlement worked it out (σ of the saving
-- times Student's t for the baseline's days, or 1.645 σ before decision 141, which is what the
-- results settled before it were tested against).
ALTER TABLE "event_results" ADD COLUMN "at_once_kwh" double precision;--> statement-breakpoint
UPDATE "event_results" SET "at_once_kwh" = 1.645 * "sigma_kwh" WHERE "sigma_kwh" is not null;--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_at_once" CHECK (("sigma_kwh" is null) = ("at_once_kwh" is null) and ("at_once_kwh" is null or "at_once_kwh" >= 0));
