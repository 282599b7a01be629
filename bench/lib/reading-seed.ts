/**
 * Meter history for bench households, generated inside PostgreSQL (INSERT … SELECT …
 * generate_series) and rolled up set-based with the bucketing of modules/readings/rollups.ts
 * (UTC hours; local days in the household's zone).
 */
import type { FreshDatabase } from './database';

const CHUNK = 10; // households generated per statement

/** `days` of 5-minute meter readings per household ending at the current UTC hour, then their rollups. */
export async function generateReadings(fresh: FreshDatabase, householdIds: string[], days: number) {
  for (let i = 0; i < householdIds.length; i += CHUNK) {
    const ids = householdIds.slice(i, i + CHUNK);
    await fresh.pool.query(
      `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
       select h, g.ts, v.p, v.c, greatest(v.c - v.p, 0), greatest(v.p - v.c, 0), g.ts
       from unnest($1::uuid[]) as h
       cross join generate_series(date_trunc('hour', now(), 'UTC') - make_interval(days => $2::int), date_trunc('hour', now(), 'UTC') - interval '5 minutes', interval '5 minutes') as g(ts)
       cross join lateral (
         select round((greatest(0, sin(pi() * (extract(epoch from g.ts)::float8 / 3600 - 11) / 12)) * 0.45 * (0.6 + 0.4 * random()))::numeric, 3)::float8 as p,
                round((0.04 + 0.12 * random())::numeric, 3)::float8 as c
       ) v`,
      [ids, days],
    );
    await recomputeRollups(fresh, ids);
  }
}

/** Set-based equivalent of recomputeMeterRollups: UTC hours, local days in each household's zone. */
export async function recomputeRollups(fresh: FreshDatabase, ids: string[]) {
  await fresh.pool.query(
    `insert into meter_hourly (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
     select household_id, date_trunc('hour', ts, 'UTC'), sum(production_kwh), sum(consumption_kwh), sum(grid_import_kwh), sum(grid_export_kwh), count(*)::int
     from meter_readings where household_id = any($1::uuid[]) group by 1, 2
     on conflict (household_id, hour_start) do update set production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
       grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, interval_count = excluded.interval_count`,
    [ids],
  );
  await fresh.pool.query(
    `insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
     select m.household_id, (m.ts at time zone h.time_zone)::date, sum(m.production_kwh), sum(m.consumption_kwh), sum(m.grid_import_kwh), sum(m.grid_export_kwh), count(*)::int
     from meter_readings m join households h on h.id = m.household_id
     where m.household_id = any($1::uuid[]) group by 1, 2
     on conflict (household_id, local_date) do update set production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
       grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, interval_count = excluded.interval_count`,
    [ids],
  );
}
