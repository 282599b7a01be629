import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statement';
import { addDays, localDateOf, localDay, type LocalDay } from '@peakwise/domain/local-time';
import { HOUR_MS } from '@peakwise/domain/time-constants';

/** The meter intervals a write changed in one household. */
export type MeterChanges = { householdId: string; timeZone: string; changedMs: readonly number[] };
/** One changed device interval, with the zone of the device's household (for its day bucket). */
export type DeviceChange = { d: string; ms: number; timeZone: string };

/*
 * Hours are recomputed per span of consecutive touched hours: one primary-key range scan per
 * span, grouped by hour, so a 5000-reading back-fill (17 days of contiguous hours) is one scan
 * instead of 417 probes, and scattered single readings are still one short probe each.
 * Days are few per write, so each is its own lateral lookup. Neither ever joins the bucket list
 * to the whole readings table: the planner guesses 100 bucket rows and would hash-join a
 * sequential scan, which made every write cost O(table) and a back-fill quadratic.
 * Bucket lists are sorted by key so concurrent writers lock rollup rows in the same order.
 * The meter's two statements run on every write, so they are prepared (see readings.repository).
 * The device ones are not: they run only when a device reading changed.
 * The aggregate lists are exported for the full daily rebuild after a time-zone change, which
 * must sum exactly as ingest does.
 */
export const METER_SUMS = sql`sum(m.production_kwh) as p, sum(m.consumption_kwh) as c, sum(m.grid_import_kwh) as i, sum(m.grid_export_kwh) as e, count(*)::int as n`;
const METER_SET = sql`production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
      grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, interval_count = excluded.interval_count`;
/** A day's price is for the sums it was computed from: rewriting them clears it (decision 024). */
const METER_DAILY_SET = sql`${METER_SET}, cost_plan_id = null, cost_cents = null`;
export const DEVICE_SUMS = sql`sum(r.energy_kwh) as en, avg(r.power_w) as pw, avg(r.efficiency) as ef, count(*)::int as n, count(r.energy_kwh)::int as ne, count(r.efficiency)::int as nef,
        sum((r.metrics->>'litres')::float8) as li, sum((r.metrics->>'hotLitres')::float8) as hl`;
const DEVICE_SET = sql`energy_kwh = excluded.energy_kwh, avg_power_w = excluded.avg_power_w,
      avg_efficiency = excluded.avg_efficiency, interval_count = excluded.interval_count, energy_interval_count = excluded.energy_interval_count,
      efficiency_interval_count = excluded.efficiency_interval_count,
      litres = excluded.litres, hot_litres = excluded.hot_litres`;

/**
 * Recomputes the meter's UTC-hour and local-day buckets containing the changed intervals from the
 * raw rows, for any number of households in two statements. Recomputing (not adding) is what
 * keeps rollups exact under duplicates and corrections; day bounds come from each household's
 * zone, so 23- and 25-hour days are cut right.
 */
export async function recomputeMeterRollups(tx: DbOrTx, changes: readonly MeterChanges[]) {
  const spans = columns('h', 's', 'e');
  const days = columns('h', 'd', 's', 'e');
  for (const { householdId, timeZone, changedMs } of [...changes].sort((a, b) => compare(a.householdId, b.householdId))) {
    if (changedMs.length === 0) continue;
    for (const span of hourSpans(changedMs)) spans.push({ h: householdId, ...span });
    for (const day of touchedDays(changedMs, timeZone)) days.push({ h: householdId, d: day.date, s: day.start.getTime(), e: day.end.getTime() });
  }
  if (spans.cols.h.length === 0) return;

  await executePrepared(
    tx,
    sql`
    insert into meter_hourly as t (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
    select b.h, a.hs, a.p, a.c, a.i, a.e, a.n
    from unnest(${sql.param(spans.cols.h)}::uuid[], ${sql.param(spans.cols.s)}::float8[], ${sql.param(spans.cols.e)}::float8[]) as b(h, s, e)
    cross join lateral (
      select date_trunc('hour', m.ts, 'UTC') as hs, ${METER_SUMS}
      -- A UTC hour lies in one UTC day, and a compacted day takes no write (decision 122), so a
      -- touched hour is all raw: the hot path keeps its plain range scan.
      from meter_readings m where m.household_id = b.h and m.ts >= to_timestamp(b.s / 1000.0) and m.ts < to_timestamp(b.e / 1000.0)
      group by 1) a
    order by 1, 2
    on conflict (household_id, hour_start) do update set ${METER_SET}`,
  );
  await executePrepared(
    tx,
    sql`
    insert into meter_daily as t (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
    select b.h, b.d, a.p, a.c, a.i, a.e, a.n
    from unnest(${sql.param(days.cols.h)}::uuid[], ${sql.param(days.cols.d)}::date[], ${sql.param(days.cols.s)}::float8[], ${sql.param(days.cols.e)}::float8[]) as b(h, d, s, e)
    cross join lateral (
      select ${METER_SUMS}
      from meter_readings_in(b.h, to_timestamp(b.s / 1000.0), to_timestamp(b.e / 1000.0)) m) a
    where a.n > 0
    order by 1, 2
    on conflict (household_id, local_date) do update set ${METER_DAILY_SET}`,
  );
}

/** The same for devices: energy sum over known intervals, mean power and efficiency, water litres, and counts. */
export async function recomputeDeviceRollups(tx: DbOrTx, changed: readonly DeviceChange[]) {
  if (changed.length === 0) return;
  const byDevice = new Map<string, { timeZone: string; instants: number[] }>();
  for (const { d, ms, timeZone } of changed) {
    const entry = byDevice.get(d);
    if (entry) entry.instants.push(ms);
    else byDevice.set(d, { timeZone, instants: [ms] });
  }
  const spans = columns('id', 's', 'e');
  const days = columns('id', 'd', 's', 'e');
  for (const [id, { timeZone, instants }] of [...byDevice].sort((a, b) => compare(a[0], b[0]))) {
    for (const span of hourSpans(instants)) spans.push({ id, ...span });
    for (const day of touchedDays(instants, timeZone)) days.push({ id, d: day.date, s: day.start.getTime(), e: day.end.getTime() });
  }

  await tx.execute(sql`
    insert into device_hourly as t (device_id, hour_start, energy_kwh, avg_power_w, avg_efficiency, interval_count, energy_interval_count, efficiency_interval_count, litres, hot_litres)
    select b.id, a.hs, a.en, a.pw, a.ef, a.n, a.ne, a.nef, a.li, a.hl
    from unnest(${sql.param(spans.cols.id)}::uuid[], ${sql.param(spans.cols.s)}::float8[], ${sql.param(spans.cols.e)}::float8[]) as b(id, s, e)
    cross join lateral (
      select date_trunc('hour', r.ts, 'UTC') as hs, ${DEVICE_SUMS}
      -- All raw, as the meter's hour above.
      from device_readings r where r.device_id = b.id and r.ts >= to_timestamp(b.s / 1000.0) and r.ts < to_timestamp(b.e / 1000.0)
      group by 1) a
    order by 1, 2
    on conflict (device_id, hour_start) do update set ${DEVICE_SET}`);
  await tx.execute(sql`
    insert into device_daily as t (device_id, local_date, energy_kwh, avg_power_w, avg_efficiency, interval_count, energy_interval_count, efficiency_interval_count, litres, hot_litres)
    select b.id, b.d, a.en, a.pw, a.ef, a.n, a.ne, a.nef, a.li, a.hl
    from unnest(${sql.param(days.cols.id)}::uuid[], ${sql.param(days.cols.d)}::date[], ${sql.param(days.cols.s)}::float8[], ${sql.param(days.cols.e)}::float8[]) as b(id, d, s, e)
    cross join lateral (
      select ${DEVICE_SUMS}
      from device_readings_in(b.id, to_timestamp(b.s / 1000.0), to_timestamp(b.e / 1000.0)) r) a
    where a.n > 0
    order by 1, 2
    on conflict (device_id, local_date) do update set ${DEVICE_SET}`);
}

/** Runs of consecutive touched UTC hours, as [s, e) in epoch ms. */
export function hourSpans(instantsMs: Iterable<number>): { s: number; e: number }[] {
  const hours = [...new Set([...instantsMs].map((ms) => Math.floor(ms / HOUR_MS) * HOUR_MS))].sort((a, b) => a - b);
  const spans: { s: number; e: number }[] = [];
  for (const hour of hours) {
    const last = spans[spans.length - 1];
    if (last && last.e === hour) last.e = hour + HOUR_MS;
    else spans.push({ s: hour, e: hour + HOUR_MS });
  }
  return spans;
}

/**
 * The local day buckets (with UTC bounds) that a set of instants falls in. Walks the instants in
 * time order and tries the day after the previous one before working out which day an instant
 * is in, so a contiguous back-fill finds each day once.
 */
export function touchedDays(instantsMs: Iterable<number>, timeZone: string): LocalDay[] {
  const sorted = [...new Set(instantsMs)].sort((a, b) => a - b);
  const days: LocalDay[] = [];
  let previous: LocalDay | undefined;
  for (const ms of sorted) {
    if (previous && ms < previous.end.getTime()) continue;
    const next = previous ? localDay(addDays(previous.date, 1), timeZone) : undefined;
    previous = next && ms < next.end.getTime() ? next : localDay(localDateOf(new Date(ms), timeZone), timeZone);
    days.push(previous);
  }
  return days;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Parallel arrays for unnest(), filled row by row. */
export function columns<K extends string>(...keys: K[]) {
  const cols = Object.fromEntries(keys.map((k) => [k, [] as unknown[]])) as Record<K, unknown[]>;
  return {
    cols,
    push(row: Record<K, unknown>) {
      for (const k of keys) cols[k].push(row[k]);
    },
  };
}
