CREATE TABLE "reading_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"household_id" uuid,
	"device_id" uuid,
	"ts" timestamp with time zone NOT NULL,
	"previous" jsonb NOT NULL,
	"corrected" jsonb NOT NULL,
	"corrected_at" timestamp with time zone NOT NULL,
	"txid" bigint DEFAULT txid_current() NOT NULL,
	CONSTRAINT "reading_corrections_owner" CHECK (("reading_corrections"."series" = 'meter' and "reading_corrections"."household_id" is not null) or ("reading_corrections"."series" = 'device' and "reading_corrections"."device_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "reading_corrections_txid_idx" ON "reading_corrections" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "reading_corrections_household_ts_idx" ON "reading_corrections" USING btree ("household_id","ts");--> statement-breakpoint
-- Decision 031: a replaced value leaves its previous values behind. The WHEN clauses keep the
-- trigger off the hot path: an upsert that changes nothing updates no row, and a device row
-- whose missing fields are filled in (a plug reporting power, then energy) is not a correction.
CREATE FUNCTION record_meter_correction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reading_corrections (series, household_id, ts, previous, corrected, corrected_at)
  VALUES ('meter', NEW.household_id, NEW.ts,
    jsonb_build_object('productionKwh', OLD.production_kwh, 'consumptionKwh', OLD.consumption_kwh, 'gridImportKwh', OLD.grid_import_kwh, 'gridExportKwh', OLD.grid_export_kwh),
    jsonb_build_object('productionKwh', NEW.production_kwh, 'consumptionKwh', NEW.consumption_kwh, 'gridImportKwh', NEW.grid_import_kwh, 'gridExportKwh', NEW.grid_export_kwh),
    NEW.received_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meter_readings_corrected AFTER UPDATE ON meter_readings FOR EACH ROW
WHEN ((OLD.production_kwh, OLD.consumption_kwh, OLD.grid_import_kwh, OLD.grid_export_kwh)
  IS DISTINCT FROM (NEW.production_kwh, NEW.consumption_kwh, NEW.grid_import_kwh, NEW.grid_export_kwh))
EXECUTE FUNCTION record_meter_correction();
--> statement-breakpoint
CREATE FUNCTION record_device_correction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reading_corrections (series, device_id, ts, previous, corrected, corrected_at)
  VALUES ('device', NEW.device_id, NEW.ts,
    jsonb_build_object('powerW', OLD.power_w, 'energyKwh', OLD.energy_kwh, 'efficiency', OLD.efficiency, 'on', OLD.relay_on, 'metrics', OLD.metrics),
    jsonb_build_object('powerW', NEW.power_w, 'energyKwh', NEW.energy_kwh, 'efficiency', NEW.efficiency, 'on', NEW.relay_on, 'metrics', NEW.metrics),
    NEW.received_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER device_readings_corrected AFTER UPDATE ON device_readings FOR EACH ROW
WHEN ((OLD.power_w IS NOT NULL AND OLD.power_w IS DISTINCT FROM NEW.power_w)
  OR (OLD.energy_kwh IS NOT NULL AND OLD.energy_kwh IS DISTINCT FROM NEW.energy_kwh)
  OR (OLD.efficiency IS NOT NULL AND OLD.efficiency IS DISTINCT FROM NEW.efficiency)
  OR (OLD.relay_on IS NOT NULL AND OLD.relay_on IS DISTINCT FROM NEW.relay_on)
  OR (OLD.metrics IS NOT NULL AND OLD.metrics IS DISTINCT FROM NEW.metrics))
EXECUTE FUNCTION record_device_correction();
