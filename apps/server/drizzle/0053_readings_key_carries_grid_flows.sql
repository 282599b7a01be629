-- Decision 112: events are scored on what a home drew from the grid (import less export per
-- interval), so the readings' key carries both registers beside the consumption (decision 038's
-- index-only reads of a baseline's few hours a day). Same key and uniqueness, so ON CONFLICT
-- (household_id, ts) is unchanged; each entry is 16 bytes larger.
ALTER TABLE "meter_readings" DROP CONSTRAINT "meter_readings_household_id_ts_pk";
--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_household_id_ts_pk" PRIMARY KEY ("household_id", "ts") INCLUDE ("consumption_kwh", "grid_import_kwh", "grid_export_kwh");
