-- Migration 0004 added litres/hot_litres to the device rollups; fill them for readings stored
-- before it, from the raw rows (the same sums recomputeDeviceRollups writes). Hours are UTC;
-- days are local to the household's zone, as everywhere else.
UPDATE "device_hourly" AS h SET "litres" = s.li, "hot_litres" = s.hl
FROM (
	SELECT r."device_id", date_trunc('hour', r."ts" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hs,
		sum((r."metrics"->>'litres')::float8) AS li, sum((r."metrics"->>'hotLitres')::float8) AS hl
	FROM "device_readings" r WHERE r."metrics" ? 'litres'
	GROUP BY 1, 2
) s
WHERE h."device_id" = s."device_id" AND h."hour_start" = s.hs;
--> statement-breakpoint
UPDATE "device_daily" AS dd SET "litres" = s.li, "hot_litres" = s.hl
FROM (
	SELECT r."device_id", (r."ts" AT TIME ZONE hh."time_zone")::date AS d,
		sum((r."metrics"->>'litres')::float8) AS li, sum((r."metrics"->>'hotLitres')::float8) AS hl
	FROM "device_readings" r
	JOIN "devices" dv ON dv."id" = r."device_id"
	JOIN "households" hh ON hh."id" = dv."household_id"
	WHERE r."metrics" ? 'litres'
	GROUP BY 1, 2
) s
WHERE dd."device_id" = s."device_id" AND dd."local_date" = s.d;
