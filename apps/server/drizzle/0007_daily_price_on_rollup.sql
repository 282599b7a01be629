-- Cached prices move onto the day rows (decision 024); days are priced again on their next read.
DROP TABLE "meter_daily_costs" CASCADE;--> statement-breakpoint
ALTER TABLE "meter_daily" ADD COLUMN "cost_plan_id" text;--> statement-breakpoint
ALTER TABLE "meter_daily" ADD COLUMN "cost_cents" double precision;