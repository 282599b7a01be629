import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../households/household.service';
import { localDateOf, localDay } from '@peakwise/domain/local-time';

const HOUR_MS = 3_600_000;

/*
 * One bucket's sums, as a LATERAL subquery per bucket row: a plain join of the bucket list with
 * the readings let the planner hash-join a sequential scan of the whole readings table (it
 * guesses 100 bucket rows), so every write cost O(table) and a 90-day back-fill went quadratic.
 * Per-bucket lateral lookups always use the (series, ts) primary key. Exported for the full
 * rebuild after a time-zone change, which must sum exactly as ingest does.
 */
export const meterSums = (householdId: string) => sql`
      select sum(m.production_kwh) as p, sum(m.consumption_kwh) as c, sum(m.grid_import_kwh) as i, sum(m.grid_export_kwh) as e, count(*)::int as n
      from meter_readings m where m.household_id = ${householdId}::uuid and m.ts >= to_timestamp(b.s / 1000.0) and m.ts < to_timestamp(b.e / 1000.0)`;
export const DEVICE_SUMS = sql`
      select sum(r.energy_kwh) as en, avg(r.power_w) as pw, avg(r.efficiency) as ef, count(*)::int as n, count(r.energy_kwh)::int as ne,
        sum((r.metrics->>'litres')::float8) as li, sum((r.metrics->>'hotLitres')::float8) as hl
      from device_readings r where r.device_id = b.id and r.ts >= to_timestamp(b.s / 1000.0) and r.ts < to_timestamp(b.e / 1000.0)`;

/**
 * Recomputes the meter's UTC-hour and local-day buckets containing `changedMs` from the raw
 * rows. Recomputing (not adding) is what keeps rollups exact under duplicates and corrections;
 * day bounds come from the household's zone, so 23- and 25-hour days are cut right.
 */
export async function recomputeMeterRollups(tx: DbOrTx, householdId: string, timeZone: string, changedMs: readonly number[]) {
  if (changedMs.length === 0) return;
  const hours = [...new Set(changedMs.map((ms) => Math.floor(ms / HOUR_MS) * HOUR_MS))].map((s) => ({ s, e: s + HOUR_MS }));
  const days = touchedDays(changedMs, timeZone).map((d) => ({ d: d.date, s: d.start.getTime(), e: d.end.getTime() }));

  await tx.execute(sql`
    insert into meter_hourly as t (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
    select ${householdId}::uuid, to_timestamp(b.s / 1000.0), a.p, a.c, a.i, a.e, a.n
    from json_to_recordset(${JSON.stringify(hours)}::json) as b(s float8, e float8)
    cross join lateral (${meterSums(householdId)}) a
    where a.n > 0
    on conflict (household_id, hour_start) do update set production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
      grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, interval_count = excluded.interval_count`);
  await tx.execute(sql`
    insert into meter_daily as t (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
    select ${householdId}::uuid, b.d, a.p, a.c, a.i, a.e, a.n
    from json_to_recordset(${JSON.stringify(days)}::json) as b(d date, s float8, e float8)
    cross join lateral (${meterSums(householdId)}) a
    where a.n > 0
    on conflict (household_id, local_date) do update set production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
      grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, interval_count = excluded.interval_count`);
}

/** The same for devices: energy sum over known intervals, mean power and efficiency, water litres, and counts. */
export async function recomputeDeviceRollups(tx: DbOrTx, timeZone: string, changed: readonly { d: string; ms: number }[]) {
  if (changed.length === 0) return;
  const hours = new Map<string, { id: string; s: number; e: number }>();
  const instantsByDevice = new Map<string, number[]>();
  for (const { d, ms } of changed) {
    const s = Math.floor(ms / HOUR_MS) * HOUR_MS;
    hours.set(`${d}|${s}`, { id: d, s, e: s + HOUR_MS });
    const list = instantsByDevice.get(d) ?? [];
    list.push(ms);
    instantsByDevice.set(d, list);
  }
  const days = [...instantsByDevice].flatMap(([id, instants]) =>
    touchedDays(instants, timeZone).map((day) => ({ id, d: day.date, s: day.start.getTime(), e: day.end.getTime() })),
  );

  await tx.execute(sql`
    insert into device_hourly as t (device_id, hour_start, energy_kwh, avg_power_w, avg_efficiency, interval_count, energy_interval_count, litres, hot_litres)
    select b.id, to_timestamp(b.s / 1000.0), a.en, a.pw, a.ef, a.n, a.ne, a.li, a.hl
    from json_to_recordset(${JSON.stringify([...hours.values()])}::json) as b(id uuid, s float8, e float8)
    cross join lateral (${DEVICE_SUMS}) a
    where a.n > 0
    on conflict (device_id, hour_start) do update set energy_kwh = excluded.energy_kwh, avg_power_w = excluded.avg_power_w,
      avg_efficiency = excluded.avg_efficiency, interval_count = excluded.interval_count, energy_interval_count = excluded.energy_interval_count,
      litres = excluded.litres, hot_litres = excluded.hot_litres`);
  await tx.execute(sql`
    insert into device_daily as t (device_id, local_date, energy_kwh, avg_power_w, avg_efficiency, interval_count, energy_interval_count, litres, hot_litres)
    select b.id, b.d, a.en, a.pw, a.ef, a.n, a.ne, a.li, a.hl
    from json_to_recordset(${JSON.stringify(days)}::json) as b(id uuid, d date, s float8, e float8)
    cross join lateral (${DEVICE_SUMS}) a
    where a.n > 0
    on conflict (device_id, local_date) do update set energy_kwh = excluded.energy_kwh, avg_power_w = excluded.avg_power_w,
      avg_efficiency = excluded.avg_efficiency, interval_count = excluded.interval_count, energy_interval_count = excluded.energy_interval_count,
      litres = excluded.litres, hot_litres = excluded.hot_litres`);
}

/** The local day buckets (with UTC bounds) that a set of instants falls in. */
export function touchedDays(instantsMs: Iterable<number>, timeZone: string) {
  const dates = new Set<string>();
  for (const ms of instantsMs) dates.add(localDateOf(new Date(ms), timeZone));
  return [...dates].map((date) => localDay(date, timeZone));
}
