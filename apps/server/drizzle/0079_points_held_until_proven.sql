-- Points held until proven (decision 140). The σ a saving is tested against is frozen with the
-- baseline: the day-to-day σ of the baseline's own days over the event's hours, on the quantity it
-- averages (gross load for a gross-load row). Null with too few days, and on rows frozen before it:
-- the rule's fallback, 25 % of the baseline, then applies.
ALTER TABLE "event_baselines" ADD COLUMN "noise_kwh" double precision;--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_noise" CHECK ("noise_kwh" is null or ("noise_kwh" >= 0 and "status" = 'ok'));--> statement-breakpoint
-- Each settled result with a baseline keeps what the member's season test reads: its season (the
-- half-year of the event's local date), its saving and the σ it was tested against. The test sums
-- them over the household's results of the season whenever it runs, never from a running total.
-- A result that earns points says how they are paid: at once, held (nothing in the ledger), or
-- released (an event_release transfer), with when and by which event's settlement.
ALTER TABLE "event_results" ADD COLUMN "season" text;--> statement-breakpoint
ALTER TABLE "event_results" ADD COLUMN "saving_kwh" double precision;--> statement-breakpoint
ALTER TABLE "event_results" ADD COLUMN "sigma_kwh" double precision;--> statement-breakpoint
ALTER TABLE "event_results" ADD COLUMN "proof_status" text;--> statement-breakpoint
ALTER TABLE "event_results" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_results" ADD COLUMN "released_by_event_id" uuid REFERENCES "energy_events"("id");--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_season" CHECK ("season" ~ '^[0-9]{4}-(summer|winter)$');--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_proof_figures" CHECK (("season" is null) = ("saving_kwh" is null) and ("season" is null) = ("sigma_kwh" is null) and ("sigma_kwh" is null or "sigma_kwh" >= 0) and ("season" is null or "outcome" = 'settled'));--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_proof_status" CHECK ("proof_status" is null or ("proof_status" in ('paid_at_once', 'held', 'released') and "season" is not null and ("proof_status" <> 'held' or "points" > 0)));--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_released" CHECK (("proof_status" is not distinct from 'released') = ("released_at" is not null) and ("released_at" is null) = ("released_by_event_id" is null));--> statement-breakpoint
-- The season test's read: one household's results of one season, for a batch of households at once.
CREATE INDEX "event_results_household_season_idx" ON "event_results" ("household_id", "season") WHERE "season" is not null;
