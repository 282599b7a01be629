import { sql } from 'drizzle-orm';
import { KPA_PER_PSI, PRESSURE_BAND_PSI } from '@peakwise/domain/plumbing-metrics';
import { rowsOf } from '../../db/rows';
import type { DbOrTx } from '../../db/client';

/**
 * Reads for the Plumbing screen. Charts read the hourly/daily device rollups; only bounded
 * windows touch raw rows: the latest reading (one row by primary key), one night (48 rows) and
 * the 7 days behind the efficiency bars (≈ 2,000 rows per device, one aggregate each).
 */

export type WaterDevices = { meterId: string | null; heaterId: string | null };
export type LitreSums = { litres: number | null; hotLitres: number | null; intervalCount: number };

/** The household's live water meter and water heater (the oldest of each, if several). */
export async function findWaterDevices(db: DbOrTx, householdId: string): Promise<WaterDevices> {
  const rows = rowsOf<{ id: string; kind: string }>(
    await db.execute(sql`
      select distinct on (kind) id, kind from devices
      where household_id = ${householdId}::uuid and kind in ('water_meter', 'water_heater') and removed_at is null
      order by kind, created_at, id`),
  );
  return { meterId: rows.find((r) => r.kind === 'water_meter')?.id ?? null, heaterId: rows.find((r) => r.kind === 'water_heater')?.id ?? null };
}

/** device_hourly litres for hours starting in [from, to), keyed by hour start (ms). */
export async function hourlyLitres(db: DbOrTx, deviceId: string, from: Date, to: Date): Promise<Map<number, LitreSums>> {
  const rows = rowsOf<{ ms: number; litres: number | null; hot: number | null; n: number }>(
    await db.execute(sql`
      select (extract(epoch from hour_start) * 1000)::float8 as ms, litres, hot_litres as hot, interval_count as n from device_hourly
      where device_id = ${deviceId}::uuid and hour_start >= ${from.toISOString()}::timestamptz and hour_start < ${to.toISOString()}::timestamptz`),
  );
  return new Map(rows.map((r) => [Number(r.ms), { litres: r.litres, hotLitres: r.hot, intervalCount: r.n }]));
}

/** device_daily litres for local dates first..last (inclusive), keyed by date. */
export async function dailyLitres(db: DbOrTx, deviceId: string, first: string, last: string): Promise<Map<string, LitreSums>> {
  const rows = rowsOf<{ d: string; litres: number | null; hot: number | null; n: number }>(
    await db.execute(sql`
      select local_date::text as d, litres, hot_litres as hot, interval_count as n from device_daily
      where device_id = ${deviceId}::uuid and local_date between ${first}::date and ${last}::date`),
  );
  return new Map(rows.map((r) => [r.d, { litres: r.litres, hotLitres: r.hot, intervalCount: r.n }]));
}

/** The newest reading of a device at or before `now`. */
export async function latestReading(db: DbOrTx, deviceId: string, now: Date): Promise<{ ts: Date; metrics: Record<string, number> } | null> {
  const rows = rowsOf<{ ts: string | Date; metrics: Record<string, number> | null }>(
    await db.execute(sql`
      select ts, metrics from device_readings_latest(${deviceId}::uuid, ${now.toISOString()}::timestamptz + interval '1 microsecond')`),
  );
  const row = rows[0];
  return row ? { ts: new Date(row.ts), metrics: row.metrics ?? {} } : null;
}

/** Litres of each reported interval in [from, to); null where the reading carried no litres. */
export async function intervalLitres(db: DbOrTx, deviceId: string, from: Date, to: Date): Promise<(number | null)[]> {
  const rows = rowsOf<{ litres: number | null }>(
    await db.execute(sql`
      select (metrics->>'litres')::float8 as litres from device_readings_in(${deviceId}::uuid, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)
      order by ts`),
  );
  return rows.map((r) => r.litres);
}

/** Heater aggregates over [from, to): mean efficiency, electricity used, and heat ÷ COP where both are known. */
export async function heaterAggregates(db: DbOrTx, deviceId: string, from: Date, to: Date) {
  const rows = rowsOf<{ eff: number | null; kwh: number | null; heat_over_cop: number | null }>(
    await db.execute(sql`
      select avg(efficiency)::float8 as eff,
        sum(energy_kwh) filter (where paired)::float8 as kwh,
        sum((metrics->>'heatDeliveredKwh')::float8 / greatest(coalesce((metrics->>'cop')::float8, 1), 1)) filter (where paired)::float8 as heat_over_cop
      from (select *, energy_kwh is not null and metrics ? 'heatDeliveredKwh' as paired
        from device_readings_in(${deviceId}::uuid, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)) r`),
  );
  const r = rows[0];
  return { avgEfficiency: r?.eff ?? null, electricityKwh: r?.kwh ?? null, heatOverCopKwh: r?.heat_over_cop ?? null };
}

/**
 * Meter intervals in [from, to) that reported pressure, and how many sat inside the normal band.
 * Pressure in kPa counts when psi is absent, as it does for the Water Pressure card and tile.
 */
export async function pressureBandCounts(db: DbOrTx, deviceId: string, from: Date, to: Date) {
  const rows = rowsOf<{ total: number; in_band: number }>(
    await db.execute(sql`
      select count(*)::int as total, count(*) filter (where psi between ${PRESSURE_BAND_PSI.low} and ${PRESSURE_BAND_PSI.high})::int as in_band
      from (
        select coalesce((metrics->>'pressurePsi')::float8, (metrics->>'pressureKpa')::float8 / ${KPA_PER_PSI}) as psi
        from device_readings_in(${deviceId}::uuid, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)
        where metrics ? 'pressurePsi' or metrics ? 'pressureKpa'
      ) r
      where psi is not null`),
  );
  return { total: rows[0]?.total ?? 0, inBand: rows[0]?.in_band ?? 0 };
}

/** device_hourly litres summed over each window [s, e) (hour starts inside it), keyed by window start (ms). */
export async function windowLitres(db: DbOrTx, deviceId: string, windows: readonly { s: number; e: number }[]): Promise<Map<number, number | null>> {
  if (windows.length === 0) return new Map();
  const rows = rowsOf<{ s: number; litres: number | null }>(
    await db.execute(sql`
      select b.s, (select sum(h.litres) from device_hourly h
        where h.device_id = ${deviceId}::uuid and h.hour_start >= to_timestamp(b.s / 1000.0) and h.hour_start < to_timestamp(b.e / 1000.0))::float8 as litres
      from json_to_recordset(${JSON.stringify(windows)}::json) as b(s float8, e float8)`),
  );
  return new Map(rows.map((r) => [Number(r.s), r.litres]));
}
