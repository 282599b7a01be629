-- The power a plug drew at its newest report. Interval rows keep the first sample of each
-- 5-minute interval (docs/ingestion.md); this is what the plug says now, so a kettle switched
-- off two minutes into an interval stops showing its draw (issue 30).
ALTER TABLE "devices" ADD COLUMN "live_power_w" double precision;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "live_power_at" timestamp with time zone;
