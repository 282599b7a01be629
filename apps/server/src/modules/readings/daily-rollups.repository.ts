import { sql } from 'drizzle-orm';
import { localDaysInRange } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import type { DbOrTx } from '../../db/client';
import { DEVICE_SUMS, METER_SUMS } from './rollups.repository';

export type DailyRebuild = { meterDays: number; deviceDays: number };

/**
 * Throws away a household's daily rollups (meter and every device, removed ones included: their
 * readings still count) and cuts them again from the raw rows in `timeZone`. Hourly rollups are
 * UTC hours and do not depend on the zone, so they stay.
 *
 * Set-based: one statement per table whatever the history's length. The day list (with each
 * day's UTC bounds) comes from `@peakwise/domain/local-time`, the same bounds ingest uses, and the
 * sums are the same aggregates as `recomputeMeterRollups`, so a rebuilt day equals the row
 * ingest would have written in that zone. Callers hold the household row lock, in a transaction.
 */
export async function rebuildDailyRollups(tx: DbOrTx, householdId: string, timeZone: string): Promise<DailyRebuild> {
  const [span] = rowsOf<{ lo: number | null; hi: number | null }>(
    await tx.execute(sql`
      select (extract(epoch from min(s.lo)) * 1000)::float8 as lo, (extract(epoch from max(s.hi)) * 1000)::float8 as hi
      from (
        select lo, hi from meter_readings_span(${householdId}::uuid)
        union all
        select x.lo, x.hi from devices dv
        cross join lateral device_readings_span(dv.id) x
        where dv.household_id = ${householdId}::uuid
      ) s`),
  );

  await tx.execute(sql`delete from meter_daily where household_id = ${householdId}::uuid`);
  await tx.execute(sql`delete from device_daily where device_id in (select id from devices where household_id = ${householdId}::uuid)`);
  if (span?.lo == null || span.hi == null) return { meterDays: 0, deviceDays: 0 };

  const days = JSON.stringify(
    localDaysInRange(new Date(span.lo), new Date(span.hi + 1), timeZone).map((d) => ({ d: d.date, s: d.start.getTime(), e: d.end.getTime() })),
  );
  const meter = await tx.execute(sql`
    with inserted as (
      insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
      select ${householdId}::uuid, b.d, a.p, a.c, a.i, a.e, a.n
      from json_to_recordset(${days}::json) as b(d date, s float8, e float8)
      cross join lateral (
        select ${METER_SUMS} from meter_readings_in(${householdId}::uuid, to_timestamp(b.s / 1000.0), to_timestamp(b.e / 1000.0)) m) a
      where a.n > 0
      returning 1)
    select count(*)::int as n from inserted`);
  // Each device only probes the days between its own first and last reading.
  const device = await tx.execute(sql`
    with inserted as (
      insert into device_daily (device_id, local_date, energy_kwh, avg_power_w, avg_efficiency, interval_count, energy_interval_count, efficiency_interval_count, litres, hot_litres)
      select b.id, b.d, a.en, a.pw, a.ef, a.n, a.ne, a.nef, a.li, a.hl
      from (
        select dv.id, dd.d, dd.s, dd.e
        from devices dv
        cross join lateral (
          select (extract(epoch from r.lo) * 1000)::float8 as lo, (extract(epoch from r.hi) * 1000)::float8 as hi
          from device_readings_span(dv.id) r
        ) span
        join json_to_recordset(${days}::json) as dd(d date, s float8, e float8) on dd.e > span.lo and dd.s <= span.hi
        where dv.household_id = ${householdId}::uuid
      ) b
      cross join lateral (
        select ${DEVICE_SUMS} from device_readings_in(b.id, to_timestamp(b.s / 1000.0), to_timestamp(b.e / 1000.0)) r) a
      where a.n > 0
      returning 1)
    select count(*)::int as n from inserted`);
  const count = (result: unknown) => rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  return { meterDays: count(meter), deviceDays: count(device) };
}
