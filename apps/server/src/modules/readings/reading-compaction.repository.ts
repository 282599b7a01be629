import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type CompactedBatch = { households: string[]; meterDays: number; deviceDays: number; meterRows: number; deviceRows: number };

/**
 * Compacts, for up to `limit` households after `after` (id order), every UTC day before
 * `beforeDay` (a 'YYYY-MM-DD') that still has raw rows: one row per series-day inserted, that
 * day's raw rows deleted, in the caller's transaction (decision 122).
 *
 * The households are locked as the reading writer locks them (id order, FOR NO KEY UPDATE), so
 * no write of theirs runs between the copy and the delete. A day is left raw, whole, when a
 * reading of it does not start on a 5-minute boundary or a device's metrics are a JSON null:
 * the compacted form could not give those back as they are. A day whose every value is an exact
 * number of thousandths is stored as integers (`vi`), any other as doubles (`v`); decision 127.
 */
export async function compactHouseholdDays(tx: DbOrTx, after: string | null, limit: number, beforeDay: string): Promise<CompactedBatch> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('readings.compact'))`);
  const households = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id::text as id from households where ${after === null ? sql`true` : sql`id > ${after}::uuid`}
      order by id limit ${limit} for no key update`),
  ).map((row) => row.id);
  if (households.length === 0) return { households, meterDays: 0, deviceDays: 0, meterRows: 0, deviceRows: 0 };
  const ids = sql`${sql.param(households)}::uuid[]`;
  const before = sql`(${beforeDay}::date::timestamp at time zone 'UTC')`;
  const [meter] = rowsOf<{ days: number; rows: number }>(
    await tx.execute(sql`
      with raw as (
        select r.*, (r.ts at time zone 'UTC')::date as day,
          extract(epoch from r.ts - date_trunc('day', r.ts, 'UTC')) / 300 as slot,
          reading_thousandths(r.production_kwh) as pi, reading_thousandths(r.consumption_kwh) as ci,
          reading_thousandths(r.grid_import_kwh) as ii, reading_thousandths(r.grid_export_kwh) as ei
        from meter_readings r where r.household_id = any(${ids}) and r.ts < ${before}),
      days as (
        select household_id, day, count(*)::int as n, bool_and(slot = trunc(slot)) as aligned, max(received_at) as received_at,
          array_agg(slot::int2 order by ts) as slots,
          array_agg(production_kwh order by ts) || array_agg(consumption_kwh order by ts)
            || array_agg(grid_import_kwh order by ts) || array_agg(grid_export_kwh order by ts) as v,
          bool_and(num_nulls(production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh) = num_nulls(pi, ci, ii, ei)) as exact,
          array_agg(pi order by ts) || array_agg(ci order by ts) || array_agg(ii order by ts) || array_agg(ei order by ts) as vi
        from raw group by household_id, day),
      ins as (
        insert into meter_reading_days (household_id, day, n, slots, v, vi, received_at)
        select household_id, day, n, case when n = 288 then null else slots end,
          case when not exact then v end, case when exact then vi end, received_at
        from days where aligned
        on conflict do nothing
        returning household_id, day),
      del as (
        delete from meter_readings r using ins
        where r.household_id = ins.household_id and r.ts >= ins.day::timestamp at time zone 'UTC' and r.ts < (ins.day + 1)::timestamp at time zone 'UTC'
        returning 1)
      select (select count(*) from ins)::int as days, (select count(*) from del)::int as rows`),
  );
  const [device] = rowsOf<{ days: number; rows: number }>(
    await tx.execute(sql`
      with raw as (
        select r.*, dv.household_id, (r.ts at time zone 'UTC')::date as day,
          extract(epoch from r.ts - date_trunc('day', r.ts, 'UTC')) / 300 as slot,
          reading_thousandths(r.power_w) as pwi, reading_thousandths(r.energy_kwh) as eni, reading_thousandths(r.efficiency) as efi
        from devices dv join device_readings r on r.device_id = dv.id
        where dv.household_id = any(${ids}) and r.ts < ${before}),
      days as (
        select device_id, day, min(household_id::text)::uuid as household_id, count(*)::int as n,
          bool_and(slot = trunc(slot) and (metrics is null or jsonb_typeof(metrics) <> 'null')) as keepable,
          max(received_at) as received_at, array_agg(slot::int2 order by ts) as slots,
          array_agg(power_w order by ts) || array_agg(energy_kwh order by ts) || array_agg(efficiency order by ts) as v,
          bool_and(num_nulls(power_w, energy_kwh, efficiency) = num_nulls(pwi, eni, efi)) as exact,
          array_agg(pwi order by ts) || array_agg(eni order by ts) || array_agg(efi order by ts) as vi,
          array_agg(relay_on order by ts) as relay_on, json_agg(metrics order by ts) as metrics
        from raw group by device_id, day),
      ins as (
        insert into device_reading_days (device_id, day, household_id, n, slots, v, vi, relay_on, metrics, received_at)
        select device_id, day, household_id, n, case when n = 288 then null else slots end,
          case when not exact then v end, case when exact then vi end, relay_on, metrics, received_at
        from days where keepable
        on conflict do nothing
        returning device_id, day),
      del as (
        delete from device_readings r using ins
        where r.device_id = ins.device_id and r.ts >= ins.day::timestamp at time zone 'UTC' and r.ts < (ins.day + 1)::timestamp at time zone 'UTC'
        returning 1)
      select (select count(*) from ins)::int as days, (select count(*) from del)::int as rows`),
  );
  return { households, meterDays: Number(meter!.days), deviceDays: Number(device!.days), meterRows: Number(meter!.rows), deviceRows: Number(device!.rows) };
}
