ALTER TABLE "device_daily" ADD COLUMN "efficiency_interval_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_hourly" ADD COLUMN "efficiency_interval_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- custom: existing buckets get their efficiency sample counts from the raw rows (decision 045).
UPDATE "device_hourly" AS t SET "efficiency_interval_count" = c.n
FROM (
  SELECT r.device_id, date_trunc('hour', r.ts, 'UTC') AS hs, count(r.efficiency)::int AS n
  FROM "device_readings" r WHERE r.efficiency IS NOT NULL GROUP BY 1, 2
) c
WHERE t.device_id = c.device_id AND t.hour_start = c.hs;--> statement-breakpoint
UPDATE "device_daily" AS t SET "efficiency_interval_count" = c.n
FROM (
  SELECT r.device_id, (r.ts AT TIME ZONE h.time_zone)::date AS d, count(r.efficiency)::int AS n
  FROM "device_readings" r
  JOIN "devices" dv ON dv.id = r.device_id
  JOIN "households" h ON h.id = dv.household_id
  WHERE r.efficiency IS NOT NULL GROUP BY 1, 2
) c
WHERE t.device_id = c.device_id AND t.local_date = c.d;
