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

/** Readings in [from, to): one month of a load that is rolled up a month at a time. */
export type ReadingRange = { from: Date; to: Date };

const METER_SUMS = ['production_kwh', 'consumption_kwh', 'grid_import_kwh', 'grid_export_kwh', 'interval_count'];

/**
 * On a rollup row already there: without a range the row is recomputed from every reading, so it
 * is replaced; with one, a local day that straddles two UTC months gets its second part added to
 * the first, as the ingest writer adds a batch to what is there.
 */
function onConflict(table: string, range: ReadingRange | undefined) {
  return METER_SUMS.map((c) => (range ? `${c} = ${table}.${c} + excluded.${c}` : `${c} = excluded.${c}`)).join(', ');
}

const rangeParams = (range: ReadingRange | undefined) => [range?.from.toISOString() ?? '-infinity', range?.to.toISOString() ?? 'infinity'];

/**
 * Set-based equivalent of recomputeMeterRollups: UTC hours, local days in each household's zone;
 * every reading of the households, or only those of `range`, added to what the rollups hold.
 */
export async function recomputeRollups(fresh: FreshDatabase, ids: string[], range?: ReadingRange) {
  await fresh.pool.query(
    `insert into meter_hourly (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
     select household_id, date_trunc('hour', ts, 'UTC'), sum(production_kwh), sum(consumption_kwh), sum(grid_import_kwh), sum(grid_export_kwh), count(*)::int
     from meter_readings where household_id = any($1::uuid[]) and ts >= $2::timestamptz and ts < $3::timestamptz group by 1, 2
     on conflict (household_id, hour_start) do update set ${onConflict('meter_hourly', range)}`,
    [ids, ...rangeParams(range)],
  );
  await fresh.pool.query(
    `insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
     select m.household_id, (m.ts at time zone h.time_zone)::date, sum(m.production_kwh), sum(m.consumption_kwh), sum(m.grid_import_kwh), sum(m.grid_export_kwh), count(*)::int
     from meter_readings m join households h on h.id = m.household_id
     where m.household_id = any($1::uuid[]) and m.ts >= $2::timestamptz and m.ts < $3::timestamptz group by 1, 2
     on conflict (household_id, local_date) do update set ${onConflict('meter_daily', range)}`,
    [ids, ...rangeParams(range)],
  );
}

/** The devices' rollups alike (UTC hours, the home's local days), a straddling day's parts merged. */
export async function recomputeDeviceRollups(fresh: FreshDatabase, ids: string[], range?: ReadingRange) {
  for (const [table, bucket, key] of [
    ['device_hourly', `date_trunc('hour', r.ts, 'UTC')`, 'hour_start'],
    ['device_daily', '(r.ts at time zone h.time_zone)::date', 'local_date'],
  ] as const) {
    const merge = range
      ? `energy_kwh = ${table}.energy_kwh + excluded.energy_kwh,
         avg_power_w = (${table}.avg_power_w * ${table}.interval_count + excluded.avg_power_w * excluded.interval_count) / nullif(${table}.interval_count + excluded.interval_count, 0),
         interval_count = ${table}.interval_count + excluded.interval_count, energy_interval_count = ${table}.energy_interval_count + excluded.energy_interval_count`
      : 'energy_kwh = excluded.energy_kwh, avg_power_w = excluded.avg_power_w, interval_count = excluded.interval_count, energy_interval_count = excluded.energy_interval_count';
    await fresh.pool.query(
      `insert into ${table} (device_id, ${key}, energy_kwh, avg_power_w, interval_count, energy_interval_count)
       select r.device_id, ${bucket}, sum(r.energy_kwh), avg(r.power_w), count(*)::int, count(r.energy_kwh)::int
       from device_readings r join devices d on d.id = r.device_id join households h on h.id = d.household_id
       where d.household_id = any($1::uuid[]) and r.ts >= $2::timestamptz and r.ts < $3::timestamptz group by 1, 2
       on conflict (device_id, ${key}) do update set ${merge}`,
      [ids, ...rangeParams(range)],
    );
  }
}
