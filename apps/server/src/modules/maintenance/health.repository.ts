import { sql } from 'drizzle-orm';
import { MIN_JUDGED_INTERVALS, MIN_JUDGED_IRRADIANCE_WM2, PV_TEMPERATURE_COEFFICIENT_PER_K } from '@peakwise/domain/maintenance-health';
import { addDays } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import { dateArray, uuidArray } from '../../lib/pg-array';
import type { DbOrTx } from '../../db/client';

/**
 * Reads and writes behind the daily health scores. Day-level inputs come from the device_daily
 * rollups; only the array's irradiance-weighted efficiency needs raw panel readings, and only for
 * the days being scored.
 */

/** Intervals reported per local day by all the household's devices (removed ones included), in [from, to). */
export async function deviceIntervalsByDay(db: DbOrTx, householdId: string, from: string, to: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ d: string; n: number }>(
    await db.execute(sql`
      select dd.local_date::text as d, sum(dd.interval_count)::int as n
      from devices dv join device_daily dd on dd.device_id = dv.id
      where dv.household_id = ${householdId}::uuid and dd.local_date >= ${from}::date and dd.local_date < ${to}::date
      group by 1`),
  );
  return new Map(rows.map((r) => [r.d, Number(r.n)]));
}

export async function scoredDays(db: DbOrTx, householdId: string, from: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ d: string; n: number }>(
    await db.execute(sql`
      select local_date::text as d, source_intervals as n from maintenance_scored_days
      where household_id = ${householdId}::uuid and local_date >= ${from}::date`),
  );
  return new Map(rows.map((r) => [r.d, Number(r.n)]));
}

export async function markScored(db: DbOrTx, householdId: string, days: ReadonlyMap<string, number>): Promise<void> {
  if (days.size === 0) return;
  const rows = [...days].map(([d, n]) => ({ d, n }));
  await db.execute(sql`
    insert into maintenance_scored_days (household_id, local_date, source_intervals)
    select ${householdId}::uuid, r.d, r.n from json_to_recordset(${JSON.stringify(rows)}::json) as r(d date, n int)
    on conflict (household_id, local_date) do update set source_intervals = excluded.source_intervals`);
}

export type DeviceDay = { deviceId: string; date: string; energyKwh: number | null; avgEfficiency: number | null; intervals: number };

/** device_daily rows of the given devices on the given dates. */
export async function deviceDays(db: DbOrTx, deviceIds: readonly string[], dates: readonly string[]): Promise<DeviceDay[]> {
  if (deviceIds.length === 0 || dates.length === 0) return [];
  const rows = rowsOf<{ id: string; d: string; en: number | null; ef: number | null; n: number }>(
    await db.execute(sql`
      select device_id::text as id, local_date::text as d, energy_kwh as en, avg_efficiency as ef, interval_count as n from device_daily
      where device_id = any(${uuidArray(deviceIds)}::uuid[]) and local_date = any(${dateArray(dates)}::date[])`),
  );
  return rows.map((r) => ({ deviceId: r.id, date: r.d, energyKwh: r.en, avgEfficiency: r.ef, intervals: Number(r.n) }));
}

/** Each device's first local day with any reading (its first day is partial, so it is not judged). */
export async function firstReportedDays(db: DbOrTx, deviceIds: readonly string[]): Promise<Map<string, string>> {
  if (deviceIds.length === 0) return new Map();
  const rows = rowsOf<{ id: string; d: string }>(
    await db.execute(sql`
      select device_id::text as id, min(local_date)::text as d from device_daily
      where device_id = any(${uuidArray(deviceIds)}::uuid[]) group by device_id`),
  );
  return new Map(rows.map((r) => [r.id, r.d]));
}

/**
 * Each panel's efficiency on each local day as it would read at 25 °C, weighted by irradiance,
 * over intervals with enough sun to judge (maintenance-health's temperatureCorrectedEfficiency
 * and thresholds). Days with too few such intervals are left out.
 */
export async function panelCorrectedEfficiency(db: DbOrTx, days: readonly { deviceId: string; date: string; startMs: number; endMs: number }[]) {
  if (days.length === 0) return [];
  const bounds = days.map((d) => ({ id: d.deviceId, d: d.date, s: d.startMs, e: d.endMs }));
  const rows = rowsOf<{ id: string; d: string; eff: number }>(
    await db.execute(sql`
      select b.id::text as id, b.d, a.eff
      from json_to_recordset(${JSON.stringify(bounds)}::json) as b(id uuid, d text, s float8, e float8)
      cross join lateral (
        select sum(m.w * r.efficiency / (1 + ${PV_TEMPERATURE_COEFFICIENT_PER_K}::float8 * (m.t - 25))) / nullif(sum(m.w), 0) as eff, count(*)::int as n
        from device_readings_in(b.id, to_timestamp(b.s / 1000.0), to_timestamp(b.e / 1000.0)) r
        cross join lateral (select (r.metrics->>'irradianceWm2')::float8 as w, (r.metrics->>'cellTempC')::float8 as t) m
        where r.efficiency is not null and m.w >= ${MIN_JUDGED_IRRADIANCE_WM2} and m.t is not null
      ) a
      where a.n >= ${MIN_JUDGED_INTERVALS}`),
  );
  return rows.map((r) => ({ deviceId: r.id, date: r.d, efficiency: Number(r.eff) }));
}

export type HealthRow = { componentId: string; date: string; basis: number | null; healthPct: number | null };

export async function upsertHealth(db: DbOrTx, rows: readonly HealthRow[]): Promise<void> {
  // json_to_recordset keeps one statement per batch however many days a back-fill brings.
  for (let i = 0; i < rows.length; i += 2_000) {
    const batch = rows.slice(i, i + 2_000).map((r) => ({ c: r.componentId, d: r.date, b: r.basis, h: r.healthPct }));
    await db.execute(sql`
      insert into component_health (component_id, local_date, basis, health_pct)
      select r.c, r.d, r.b, r.h from json_to_recordset(${JSON.stringify(batch)}::json) as r(c uuid, d date, b float8, h float8)
      on conflict (component_id, local_date) do update set basis = excluded.basis, health_pct = excluded.health_pct`);
  }
}

/** A reference-based component's basis values over [from, to). */
export async function basisHistory(db: DbOrTx, componentId: string, from: string, to: string): Promise<number[]> {
  const rows = rowsOf<{ b: number }>(
    await db.execute(sql`
      select basis as b from component_health
      where component_id = ${componentId}::uuid and local_date >= ${from}::date and local_date < ${to}::date and basis is not null`),
  );
  return rows.map((r) => Number(r.b));
}

/** Re-scores every day of a reference-based component against its (new) usual level. */
export async function rescoreAgainstReference(db: DbOrTx, componentId: string, reference: number | null): Promise<void> {
  await db.execute(sql`
    update component_health set health_pct = case when ${reference}::float8 > 0 and basis is not null
      then least(100, greatest(0, 100 * basis / ${reference}::float8)) end
    where component_id = ${componentId}::uuid`);
  await db.execute(sql`update maintenance_components set health_reference = ${reference}::float8 where id = ${componentId}::uuid`);
}

/**
 * A component's current health is its latest score of the past week: an older one says nothing
 * about now. The table, the cards and each device's status all read it here.
 */
export const CURRENT_HEALTH_DAYS = 7;

/** Each component's latest non-null score since CURRENT_HEALTH_DAYS before today (absent when none). */
export async function currentHealth(db: DbOrTx, componentIds: readonly string[], today: string): Promise<Map<string, number>> {
  if (componentIds.length === 0) return new Map();
  const rows = rowsOf<{ c: string; h: number }>(
    await db.execute(sql`
      select distinct on (component_id) component_id::text as c, health_pct as h from component_health
      where component_id = any(${uuidArray(componentIds)}::uuid[]) and local_date >= ${addDays(today, -CURRENT_HEALTH_DAYS)}::date and health_pct is not null
      order by component_id, local_date desc`),
  );
  return new Map(rows.map((r) => [r.c, Number(r.h)]));
}

export type HealthPoint = { componentId: string; date: string; healthPct: number | null };

/** Health of the given components on local days in [from, to). */
export async function healthHistory(db: DbOrTx, componentIds: readonly string[], from: string, to: string): Promise<HealthPoint[]> {
  if (componentIds.length === 0) return [];
  const rows = rowsOf<{ c: string; d: string; h: number | null }>(
    await db.execute(sql`
      select component_id::text as c, local_date::text as d, health_pct as h from component_health
      where component_id = any(${uuidArray(componentIds)}::uuid[]) and local_date >= ${from}::date and local_date < ${to}::date
      order by local_date`),
  );
  return rows.map((r) => ({ componentId: r.c, date: r.d, healthPct: r.h === null ? null : Number(r.h) }));
}

/** Average and lowest known health per local day of the given components, in [from, to). */
export async function healthByDay(db: DbOrTx, componentIds: readonly string[], from: string, to: string): Promise<Map<string, { avg: number; min: number }>> {
  if (componentIds.length === 0) return new Map();
  const rows = rowsOf<{ d: string; avg: number; min: number }>(
    await db.execute(sql`
      select local_date::text as d, avg(health_pct)::float8 as avg, min(health_pct)::float8 as min from component_health
      where component_id = any(${uuidArray(componentIds)}::uuid[]) and local_date >= ${from}::date and local_date < ${to}::date and health_pct is not null
      group by local_date`),
  );
  return new Map(rows.map((r) => [r.d, { avg: Number(r.avg), min: Number(r.min) }]));
}
