-- Decision 122: a closed UTC day of one series is stored as one row (the raw rows of that day are
-- deleted in the same transaction), which brings a reading from about 160 bytes on disk to about
-- 8-12 (measured in decision 122). Values stay float8, so reads return the very doubles that were stored. `n` values of each
-- column sit one after the other in `v`: compressed together, a column equal to another (import =
-- use in a home without panels) costs almost nothing. `slots` is null for a day of all 288
-- intervals, else each value's 5-minute slot of the day.
CREATE TABLE "meter_reading_days" (
	"household_id" uuid NOT NULL,
	"day" date NOT NULL,
	"n" smallint NOT NULL,
	"slots" smallint[],
	"v" double precision[] NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meter_reading_days_pk" PRIMARY KEY ("household_id", "day"),
	CONSTRAINT "meter_reading_days_n" CHECK ("n" BETWEEN 1 AND 288 AND cardinality("v") = 4 * "n" AND ("slots" IS NULL OR cardinality("slots") = "n"))
);
--> statement-breakpoint
-- Values of power, energy and efficiency in `v` (n each, nulls kept); relay states; metrics as one
-- JSON array of n elements, JSON null where the reading had none (compaction leaves raw a day
-- holding a metrics value that is itself JSON null). Metrics are kept as json text, which
-- compresses to half of jsonb's binary form and reads back as the same jsonb values.
-- household_id places the row with its home.
CREATE TABLE "device_reading_days" (
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"household_id" uuid NOT NULL,
	"n" smallint NOT NULL,
	"slots" smallint[],
	"v" double precision[] NOT NULL,
	"relay_on" boolean[] NOT NULL,
	"metrics" json NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_reading_days_pk" PRIMARY KEY ("device_id", "day", "household_id"),
	CONSTRAINT "device_reading_days_n" CHECK ("n" BETWEEN 1 AND 288 AND cardinality("v") = 3 * "n" AND cardinality("relay_on") = "n"
		AND json_array_length("metrics") = "n" AND ("slots" IS NULL OR cardinality("slots") = "n"))
);
--> statement-breakpoint
-- lz4 compresses these arrays a little smaller than pglz and decompresses faster (decision 122);
-- a build without it (PGlite) keeps the default.
DO $$
BEGIN
  ALTER TABLE "meter_reading_days" ALTER COLUMN "v" SET COMPRESSION lz4;
  ALTER TABLE "device_reading_days" ALTER COLUMN "v" SET COMPRESSION lz4;
  ALTER TABLE "device_reading_days" ALTER COLUMN "metrics" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END $$;
--> statement-breakpoint
-- The compacted days as rows of the raw tables' shape, with their day for range reads. Each slice
-- of `v` is decompressed once per day row, not once per value.
CREATE VIEW meter_reading_day_rows AS
  SELECT d.household_id, d.day, (d.day::timestamp AT TIME ZONE 'UTC') + coalesce(u.slot, u.k - 1) * interval '5 minutes' AS ts,
    u.p AS production_kwh, u.c AS consumption_kwh, u.i AS grid_import_kwh, u.e AS grid_export_kwh, d.received_at
  FROM meter_reading_days d
  CROSS JOIN LATERAL ROWS FROM (unnest(d.slots), unnest(d.v[1:d.n]), unnest(d.v[d.n + 1:2 * d.n]), unnest(d.v[2 * d.n + 1:3 * d.n]), unnest(d.v[3 * d.n + 1:4 * d.n]))
    WITH ORDINALITY AS u(slot, p, c, i, e, k);
--> statement-breakpoint
CREATE VIEW device_reading_day_rows AS
  SELECT d.device_id, d.household_id, d.day, (d.day::timestamp AT TIME ZONE 'UTC') + coalesce(u.slot, u.k - 1) * interval '5 minutes' AS ts,
    u.pw AS power_w, u.en AS energy_kwh, u.ef AS efficiency, u.relay_on, CASE WHEN json_typeof(u.m) = 'null' THEN NULL ELSE u.m::jsonb END AS metrics, d.received_at
  FROM device_reading_days d
  CROSS JOIN LATERAL ROWS FROM (unnest(d.slots), unnest(d.v[1:d.n]), unnest(d.v[d.n + 1:2 * d.n]), unnest(d.v[2 * d.n + 1:3 * d.n]), unnest(d.relay_on), json_array_elements(d.metrics))
    WITH ORDINALITY AS u(slot, pw, en, ef, relay_on, m, k);
--> statement-breakpoint
-- Every reading, raw or compacted, in the raw table's columns, for a query that filters by series
-- only. Compacted days come first: they are older than the raw ones, so a scan of both meets the
-- readings in time order, as a scan of the raw key did, and float sums add in the same order.
CREATE VIEW meter_readings_all AS
  SELECT household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at FROM meter_reading_day_rows
  UNION ALL
  SELECT household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at FROM meter_readings;
--> statement-breakpoint
CREATE VIEW device_readings_all AS
  SELECT device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics, received_at FROM device_reading_day_rows
  UNION ALL
  SELECT device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics, received_at FROM device_readings;
--> statement-breakpoint
-- One series' readings in [lo, hi), compacted then raw, as in the views. A SQL function of one SELECT is
-- inlined into its caller, so the raw branch keeps its index-only range scan and the compacted one
-- reads only the days the range touches.
CREATE FUNCTION meter_readings_in(h uuid, lo timestamptz, hi timestamptz)
RETURNS TABLE (household_id uuid, ts timestamptz, production_kwh double precision, consumption_kwh double precision, grid_import_kwh double precision, grid_export_kwh double precision, received_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT x.household_id, x.ts, x.production_kwh, x.consumption_kwh, x.grid_import_kwh, x.grid_export_kwh, x.received_at
  FROM meter_reading_day_rows x
  WHERE x.household_id = h AND x.day >= (lo AT TIME ZONE 'UTC')::date AND x.day <= (hi AT TIME ZONE 'UTC')::date AND x.ts >= lo AND x.ts < hi
  UNION ALL
  SELECT r.household_id, r.ts, r.production_kwh, r.consumption_kwh, r.grid_import_kwh, r.grid_export_kwh, r.received_at
  FROM meter_readings r WHERE r.household_id = h AND r.ts >= lo AND r.ts < hi
$$;
--> statement-breakpoint
CREATE FUNCTION device_readings_in(dv uuid, lo timestamptz, hi timestamptz)
RETURNS TABLE (device_id uuid, ts timestamptz, power_w double precision, energy_kwh double precision, efficiency double precision, relay_on boolean, metrics jsonb, received_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT x.device_id, x.ts, x.power_w, x.energy_kwh, x.efficiency, x.relay_on, x.metrics, x.received_at
  FROM device_reading_day_rows x
  WHERE x.device_id = dv AND x.day >= (lo AT TIME ZONE 'UTC')::date AND x.day <= (hi AT TIME ZONE 'UTC')::date AND x.ts >= lo AND x.ts < hi
  UNION ALL
  SELECT r.device_id, r.ts, r.power_w, r.energy_kwh, r.efficiency, r.relay_on, r.metrics, r.received_at
  FROM device_readings r WHERE r.device_id = dv AND r.ts >= lo AND r.ts < hi
$$;
--> statement-breakpoint
-- A series' first and last reading: off the raw key, and off the compacted key's first or last day.
CREATE FUNCTION meter_readings_span(h uuid, OUT lo timestamptz, OUT hi timestamptz) LANGUAGE sql STABLE AS $$
  SELECT least(r.lo, d.lo), greatest(r.hi, d.hi)
  FROM (SELECT min(ts) AS lo, max(ts) AS hi FROM meter_readings WHERE household_id = h) r,
    (SELECT (SELECT min(x.ts) FROM meter_reading_day_rows x WHERE x.household_id = h AND x.day = (SELECT min(day) FROM meter_reading_days WHERE household_id = h)) AS lo,
      (SELECT max(x.ts) FROM meter_reading_day_rows x WHERE x.household_id = h AND x.day = (SELECT max(day) FROM meter_reading_days WHERE household_id = h)) AS hi) d
$$;
--> statement-breakpoint
CREATE FUNCTION device_readings_span(dv uuid, OUT lo timestamptz, OUT hi timestamptz) LANGUAGE sql STABLE AS $$
  SELECT least(r.lo, d.lo), greatest(r.hi, d.hi)
  FROM (SELECT min(ts) AS lo, max(ts) AS hi FROM device_readings WHERE device_id = dv) r,
    (SELECT (SELECT min(x.ts) FROM device_reading_day_rows x WHERE x.device_id = dv AND x.day = (SELECT min(day) FROM device_reading_days WHERE device_id = dv)) AS lo,
      (SELECT max(x.ts) FROM device_reading_day_rows x WHERE x.device_id = dv AND x.day = (SELECT max(day) FROM device_reading_days WHERE device_id = dv)) AS hi) d
$$;
--> statement-breakpoint
-- A device's newest reading before `upto`: the raw key's last entry against the last slot of the
-- last compacted day that starts before `upto`, or of the day before it (when every reading of
-- that day is at or after `upto`), so no more than two compacted days are read.
CREATE FUNCTION device_readings_latest(dv uuid, upto timestamptz)
RETURNS TABLE (device_id uuid, ts timestamptz, power_w double precision, energy_kwh double precision, efficiency double precision, relay_on boolean, metrics jsonb, received_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT * FROM (
    (SELECT r.device_id, r.ts, r.power_w, r.energy_kwh, r.efficiency, r.relay_on, r.metrics, r.received_at
      FROM device_readings r WHERE r.device_id = dv AND r.ts < upto ORDER BY r.ts DESC LIMIT 1)
    UNION ALL
    (SELECT x.device_id, x.ts, x.power_w, x.energy_kwh, x.efficiency, x.relay_on, x.metrics, x.received_at
      FROM device_reading_day_rows x
      WHERE x.device_id = dv AND x.ts < upto AND x.day IN (
        SELECT d.day FROM device_reading_days d WHERE d.device_id = dv AND d.day::timestamp AT TIME ZONE 'UTC' < upto ORDER BY d.day DESC LIMIT 2)
      ORDER BY x.ts DESC LIMIT 1)
  ) l ORDER BY l.ts DESC LIMIT 1
$$;
