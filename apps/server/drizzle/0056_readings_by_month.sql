-- Decision 115: the raw readings in one partition per calendar month (UTC), so an old month can be
-- detached, compacted or dropped whole. The keys already start with the series and hold ts, which
-- a partitioned table's unique keys must, so every ON CONFLICT (household_id, ts) and
-- (device_id, ts) keeps its target. A DEFAULT partition takes any reading no month holds yet, so
-- none is ever refused for the lack of one. Rows are copied here in one go, which suits a fresh
-- or small database; a large live one needs the batched move, which is later work.
CREATE FUNCTION create_reading_month_partition(parent text, month_start timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  month_end timestamptz := (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  child text := parent || '_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYY_MM');
  in_default boolean;
BEGIN
  IF parent NOT IN ('meter_readings', 'device_readings') THEN
    RAISE EXCEPTION 'Not a readings table: %', parent;
  END IF;
  IF month_start <> date_trunc('month', month_start AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' THEN
    RAISE EXCEPTION 'Not the start of a UTC month: %', month_start;
  END IF;
  IF to_regclass(child) IS NOT NULL THEN
    RETURN 'exists';
  END IF;
  -- Creating the month would have to move the DEFAULT partition's rows of that month; this
  -- function moves nothing, so such a month stays in DEFAULT until a move is run on purpose.
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE ts >= %L AND ts < %L)', parent || '_default', month_start, month_end) INTO in_default;
  IF in_default THEN
    RETURN 'in_default';
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', child, parent, month_start, month_end);
  RETURN 'created';
END $$;
--> statement-breakpoint
ALTER TABLE "meter_readings" RENAME TO "meter_readings_unpartitioned";
--> statement-breakpoint
ALTER TABLE "meter_readings_unpartitioned" RENAME CONSTRAINT "meter_readings_household_id_ts_pk" TO "meter_readings_unpartitioned_pk";
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"household_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"production_kwh" double precision NOT NULL,
	"consumption_kwh" double precision NOT NULL,
	"grid_import_kwh" double precision NOT NULL,
	"grid_export_kwh" double precision NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_readings_household_id_ts_pk" PRIMARY KEY ("household_id", "ts") INCLUDE ("consumption_kwh", "grid_import_kwh", "grid_export_kwh")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "meter_readings_default" PARTITION OF "meter_readings" DEFAULT;
--> statement-breakpoint
ALTER TABLE "device_readings" RENAME TO "device_readings_unpartitioned";
--> statement-breakpoint
ALTER TABLE "device_readings_unpartitioned" RENAME CONSTRAINT "device_readings_device_id_ts_pk" TO "device_readings_unpartitioned_pk";
--> statement-breakpoint
CREATE TABLE "device_readings" (
	"device_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"power_w" double precision,
	"energy_kwh" double precision,
	"efficiency" double precision,
	"relay_on" boolean,
	"metrics" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_readings_device_id_ts_pk" PRIMARY KEY ("device_id", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "device_readings_default" PARTITION OF "device_readings" DEFAULT;
--> statement-breakpoint
-- A month for every month that holds rows, and this month and the next three (what the
-- readings.partitions-ahead job keeps ahead), so nothing copied or soon written lands in DEFAULT.
DO $$
DECLARE
  m record;
BEGIN
  FOR m IN
    SELECT 'meter_readings' AS parent, date_trunc('month', ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month_start FROM meter_readings_unpartitioned
    UNION SELECT 'device_readings', date_trunc('month', ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM device_readings_unpartitioned
    UNION SELECT p.parent, (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => a)) AT TIME ZONE 'UTC'
      FROM unnest(ARRAY['meter_readings', 'device_readings']) AS p(parent), generate_series(0, 3) AS a
  LOOP
    PERFORM create_reading_month_partition(m.parent, m.month_start);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "meter_readings" ("household_id", "ts", "production_kwh", "consumption_kwh", "grid_import_kwh", "grid_export_kwh", "received_at")
SELECT "household_id", "ts", "production_kwh", "consumption_kwh", "grid_import_kwh", "grid_export_kwh", "received_at" FROM "meter_readings_unpartitioned";
--> statement-breakpoint
INSERT INTO "device_readings" ("device_id", "ts", "power_w", "energy_kwh", "efficiency", "relay_on", "metrics", "received_at")
SELECT "device_id", "ts", "power_w", "energy_kwh", "efficiency", "relay_on", "metrics", "received_at" FROM "device_readings_unpartitioned";
--> statement-breakpoint
DROP TABLE "meter_readings_unpartitioned";
--> statement-breakpoint
DROP TABLE "device_readings_unpartitioned";
--> statement-breakpoint
-- The correction triggers of decision 031, now on the partitioned tables (each partition inherits them).
CREATE TRIGGER meter_readings_corrected AFTER UPDATE ON meter_readings FOR EACH ROW
WHEN ((OLD.production_kwh, OLD.consumption_kwh, OLD.grid_import_kwh, OLD.grid_export_kwh)
  IS DISTINCT FROM (NEW.production_kwh, NEW.consumption_kwh, NEW.grid_import_kwh, NEW.grid_export_kwh))
EXECUTE FUNCTION record_meter_correction();
--> statement-breakpoint
CREATE TRIGGER device_readings_corrected AFTER UPDATE ON device_readings FOR EACH ROW
WHEN ((OLD.power_w IS NOT NULL AND OLD.power_w IS DISTINCT FROM NEW.power_w)
  OR (OLD.energy_kwh IS NOT NULL AND OLD.energy_kwh IS DISTINCT FROM NEW.energy_kwh)
  OR (OLD.efficiency IS NOT NULL AND OLD.efficiency IS DISTINCT FROM NEW.efficiency)
  OR (OLD.relay_on IS NOT NULL AND OLD.relay_on IS DISTINCT FROM NEW.relay_on)
  OR (OLD.metrics IS NOT NULL AND OLD.metrics IS DISTINCT FROM NEW.metrics))
EXECUTE FUNCTION record_device_correction();
