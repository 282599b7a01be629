-- Decision 127: a compacted day whose every value is an exact number of thousandths (a meter's or
-- a Shelly's whole Wh, a Green Button file's Wh, a power in W or mW) is stored as integers in `vi`
-- instead of doubles in `v`: 4 bytes a value instead of 8, and far fewer distinct bytes for the
-- compressor. A day is stored one way or the other, never both; the rows made before this
-- migration keep `v` and read as they did.
ALTER TABLE "meter_reading_days" ALTER COLUMN "v" DROP NOT NULL, ADD COLUMN "vi" integer[];
--> statement-breakpoint
ALTER TABLE "device_reading_days" ALTER COLUMN "v" DROP NOT NULL, ADD COLUMN "vi" integer[];
--> statement-breakpoint
-- The 0058 checks stay: with `v` null their length term is unknown, but every other term (n's
-- range, slots, relays, metrics) still fails a row that breaks it. The new checks tie `vi` to `n`
-- and need no read of `v` itself, so adding them does not decompress every existing day.
ALTER TABLE "meter_reading_days" ADD CONSTRAINT "meter_reading_days_one_form"
	CHECK (num_nonnulls("v", "vi") = 1 AND ("vi" IS NULL OR cardinality("vi") = 4 * "n"));
--> statement-breakpoint
ALTER TABLE "device_reading_days" ADD CONSTRAINT "device_reading_days_one_form"
	CHECK (num_nonnulls("v", "vi") = 1 AND ("vi" IS NULL OR cardinality("vi") = 3 * "n"));
--> statement-breakpoint
DO $$
BEGIN
  ALTER TABLE "meter_reading_days" ALTER COLUMN "vi" SET COMPRESSION lz4;
  ALTER TABLE "device_reading_days" ALTER COLUMN "vi" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END $$;
--> statement-breakpoint
-- A value as integer thousandths when that gives back the very same double, else NULL (so NULL
-- for a NULL too: the caller tells them apart). The test is the decoding itself, compared bit for
-- bit, so -0 (equal to 0, but the integer has no sign to keep), NaN, infinities, values past int4
-- and anything with a fourth decimal are refused. All in float8, no numeric: when x is the double
-- nearest k / 1000 with |k| < 2^31, x * 1000 is within a millionth of k, so round() finds k; for
-- any other x no k passes the comparison. The numeric form (round(x::numeric, 3)) gave the same
-- answers on 2 million values and cost 35 times as much over a plain scan (decision 127).
CREATE FUNCTION reading_thousandths(x double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Nested rather than one AND: PostgreSQL may evaluate an AND's terms in any order, and the
  -- cast to integer must not run on a value out of its range.
  SELECT CASE WHEN x BETWEEN -2147483.648 AND 2147483.647 THEN
    CASE WHEN float8send(x) = float8send(round(x * 1000)::integer::double precision / 1000)
      THEN round(x * 1000)::integer END END
$$;
--> statement-breakpoint
-- The one decoding place: the days' rows read `v` when the day has it, else `vi` / 1000 (a
-- correctly rounded division, so the very double the thousandths were taken from). Unnesting a
-- NULL array gives no element, and ROWS FROM pads it with NULLs, so each value comes from the one
-- form the day has. Same columns as in 0058: the views and functions built on these read both
-- forms unchanged.
CREATE OR REPLACE VIEW meter_reading_day_rows AS
  SELECT d.household_id, d.day, (d.day::timestamp AT TIME ZONE 'UTC') + coalesce(u.slot, u.k - 1) * interval '5 minutes' AS ts,
    coalesce(u.p, u.pi / 1000::double precision) AS production_kwh, coalesce(u.c, u.ci / 1000::double precision) AS consumption_kwh,
    coalesce(u.i, u.ii / 1000::double precision) AS grid_import_kwh, coalesce(u.e, u.ei / 1000::double precision) AS grid_export_kwh, d.received_at
  FROM meter_reading_days d
  CROSS JOIN LATERAL ROWS FROM (unnest(d.slots), unnest(d.v[1:d.n]), unnest(d.v[d.n + 1:2 * d.n]), unnest(d.v[2 * d.n + 1:3 * d.n]), unnest(d.v[3 * d.n + 1:4 * d.n]),
    unnest(d.vi[1:d.n]), unnest(d.vi[d.n + 1:2 * d.n]), unnest(d.vi[2 * d.n + 1:3 * d.n]), unnest(d.vi[3 * d.n + 1:4 * d.n]))
    WITH ORDINALITY AS u(slot, p, c, i, e, pi, ci, ii, ei, k);
--> statement-breakpoint
CREATE OR REPLACE VIEW device_reading_day_rows AS
  SELECT d.device_id, d.household_id, d.day, (d.day::timestamp AT TIME ZONE 'UTC') + coalesce(u.slot, u.k - 1) * interval '5 minutes' AS ts,
    coalesce(u.pw, u.pwi / 1000::double precision) AS power_w, coalesce(u.en, u.eni / 1000::double precision) AS energy_kwh,
    coalesce(u.ef, u.efi / 1000::double precision) AS efficiency, u.relay_on, CASE WHEN json_typeof(u.m) = 'null' THEN NULL ELSE u.m::jsonb END AS metrics, d.received_at
  FROM device_reading_days d
  CROSS JOIN LATERAL ROWS FROM (unnest(d.slots), unnest(d.v[1:d.n]), unnest(d.v[d.n + 1:2 * d.n]), unnest(d.v[2 * d.n + 1:3 * d.n]), unnest(d.relay_on), json_array_elements(d.metrics),
    unnest(d.vi[1:d.n]), unnest(d.vi[d.n + 1:2 * d.n]), unnest(d.vi[2 * d.n + 1:3 * d.n]))
    WITH ORDINALITY AS u(slot, pw, en, ef, relay_on, m, pwi, eni, efi, k);
--> statement-breakpoint
-- PostgreSQL compresses a row's values only once the row passes about 2 kB. A device day in
-- integers is well under that but for its metrics, a JSON array of n elements (288 `null`s for a
-- plug, 1.7 kB as text), which then stayed uncompressed and was most of the row: measured on the
-- scale bench's devices, 2.0 bytes a reading with this setting against 7.5 without (decision 127).
-- Not for the meter days: their values are near 2 kB compressed, and moving them out to TOAST
-- cost 5 % more there. New rows only; the rows already stored keep their form.
ALTER TABLE "device_reading_days" SET (toast_tuple_target = 128);
