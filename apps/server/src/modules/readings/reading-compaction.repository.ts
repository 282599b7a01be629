import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type CompactedBatch = { households: string[]; meterDays: number; deviceDays: number; meterRows: number; deviceRows: number };

/**
 * Compacts, for up to `limit` households after `after` and before `until` (id order; null for no
 * bound), every UTC day before `beforeDay` (a 'YYYY-MM-DD') that still has raw rows: one row per
 * series-day inserted, that day's raw rows deleted, in the caller's transaction (decision 122).
 *
 * The households are locked as the reading writer locks them (id order, FOR NO KEY UPDATE), so
 * no write of theirs runs between the copy and the delete, and a second run over any of them
 * waits for the first to commit, then reads (READ COMMITTED, a snapshot a statement) days with
 * no raw rows left. So runs over other households go on side by side (decision 130): there is
 * no lock of the whole step. A day is left raw, whole, when a
 * reading of it does not start on a 5-minute boundary or a device's metrics are a JSON null:
 * the compacted form could not give those back as they are. A day whose every value is an exact
 * number of thousandths is stored as integers (`vi`), any other as doubles (`v`); decision 127.
 */
export async function compactHouseholdDays(tx: DbOrTx, after: string | null, limit: number, beforeDay: string, until: string | null = null): Promise<CompactedBatch> {
  // The statements below are costed above PostgreSQL's JIT thresholds, so each batch would compile
  // them again, for more than it saves (decision 130); for this transaction only.
  await tx.execute(sql`set local jit = off`);
  const households = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id::text as id from households
      where ${after === null ? sql`true` : sql`id > ${after}::uuid`} and ${until === null ? sql`true` : sql`id < ${until}::uuid`}
      order by id limit ${limit} for no key update`),
  ).map((row) => row.id);
  if (households.length === 0) return { households, meterDays: 0, deviceDays: 0, meterRows: 0, deviceRows: 0 };
  const ids = sql`${sql.param(households)}::uuid[]`;
  const before = sql`(${beforeDay}::date::timestamp at time zone 'UTC')`;
  // On a 5-minute boundary, tested on the timestamp's own microseconds (a UTC midnight is on one).
  const onGrid = sql.raw(`date_bin('5 minutes', r.ts, timestamptz '2000-01-01 00:00:00+00') = r.ts`);
  // The 5-minute slot of the UTC day from whole epoch seconds, in integers: only read on a day
  // whose every reading is on the grid, where the epoch is an exact whole number of seconds.
  const slot = sql.raw(`((((date_part('epoch', r.ts)::bigint % 86400) + 86400) % 86400) / 300)::int2`);
  // Every value exact: the thousandths hold a NULL only where the value was one. Counted once per
  // day on the arrays, not per reading.
  const exact = sql.raw(`(cardinality(array_positions(vi, null)) = cardinality(array_positions(v, null)))`);
  // One series at a time (a lateral per household, then per device): its rows come off the raw
  // key, and the sort by day and time is the series' own, in memory, where a sort of the whole
  // batch spilled to disk (tens of MB for 20 homes' devices). Each series-day's arrays come from
  // one window ordered by ts: PostgreSQL processes a partition's rows in its window's ORDER BY,
  // so every array_agg of the frame sees them in time order from that one sort, where
  // `array_agg(x order by ts)` sorted each group again for each aggregate. The frame is the whole
  // day, aggregated once; only the day's first row (k = 1) is kept. Each value's thousandths, slot
  // and grid test are computed once a reading: a CTE column used twice was computed twice.
  const [meter] = rowsOf<{ days: number; rows: number }>(
    await tx.execute(sql`
      with days as materialized (
        select h.id as household_id, x.day, x.n::int as n, x.aligned, x.received_at, x.slots,
          x.p || x.c || x.i || x.e as v, x.pi || x.ci || x.ii || x.ei as vi
        from unnest(${ids}) as h(id) cross join lateral (
          select * from (
            select d.day, row_number() over w as k, count(*) over w as n, bool_and(${onGrid}) over w as aligned,
              max(r.received_at) over w as received_at, array_agg(${slot}) over w as slots,
              array_agg(r.production_kwh) over w as p, array_agg(r.consumption_kwh) over w as c,
              array_agg(r.grid_import_kwh) over w as i, array_agg(r.grid_export_kwh) over w as e,
              array_agg(reading_thousandths(r.production_kwh)) over w as pi, array_agg(reading_thousandths(r.consumption_kwh)) over w as ci,
              array_agg(reading_thousandths(r.grid_import_kwh)) over w as ii, array_agg(reading_thousandths(r.grid_export_kwh)) over w as ei
            from meter_readings r cross join lateral (select (r.ts at time zone 'UTC')::date as day) d
            where r.household_id = h.id and r.ts < ${before}
            window w as (partition by d.day order by r.ts rows between unbounded preceding and unbounded following)) s
          where s.k = 1) x),
      ins as (
        insert into meter_reading_days (household_id, day, n, slots, v, vi, received_at)
        select household_id, day, n, case when n = 288 then null else slots end,
          case when not ${exact} then v end, case when ${exact} then vi end, received_at
        from days where aligned
        on conflict do nothing
        returning household_id, day),
      -- The days left raw (off the grid, or already stored): every other raw row of the batch
      -- before the cut goes, in one pass, where a join per inserted day re-read each household's
      -- rows for every one of its days. Same snapshot as the read above, so the same rows.
      kept as (select household_id, day from days except select household_id, day from ins),
      del as (
        delete from meter_readings r
        where r.household_id = any(${ids}) and r.ts < ${before}
          and (r.household_id, (r.ts at time zone 'UTC')::date) not in (select household_id, day from kept)
        returning 1)
      select (select count(*) from ins)::int as days, (select count(*) from del)::int as rows`),
  );
  const [device] = rowsOf<{ days: number; rows: number }>(
    await tx.execute(sql`
      with days as materialized (
        select dv.id as device_id, dv.household_id, x.day, x.n::int as n, x.keepable, x.received_at, x.slots,
          x.pw || x.en || x.ef as v, x.pwi || x.eni || x.efi as vi, x.relay_on, x.metrics
        from devices dv cross join lateral (
          select * from (
            select d.day, row_number() over w as k, count(*) over w as n,
              bool_and(${onGrid} and (r.metrics is null or jsonb_typeof(r.metrics) <> 'null')) over w as keepable,
              max(r.received_at) over w as received_at, array_agg(${slot}) over w as slots,
              array_agg(r.power_w) over w as pw, array_agg(r.energy_kwh) over w as en, array_agg(r.efficiency) over w as ef,
              array_agg(reading_thousandths(r.power_w)) over w as pwi, array_agg(reading_thousandths(r.energy_kwh)) over w as eni,
              array_agg(reading_thousandths(r.efficiency)) over w as efi,
              array_agg(r.relay_on) over w as relay_on, json_agg(r.metrics) over w as metrics
            from device_readings r cross join lateral (select (r.ts at time zone 'UTC')::date as day) d
            where r.device_id = dv.id and r.ts < ${before}
            window w as (partition by d.day order by r.ts rows between unbounded preceding and unbounded following)) s
          where s.k = 1) x
        where dv.household_id = any(${ids})),
      ins as (
        insert into device_reading_days (device_id, day, household_id, n, slots, v, vi, relay_on, metrics, received_at)
        select device_id, day, household_id, n, case when n = 288 then null else slots end,
          case when not ${exact} then v end, case when ${exact} then vi end, relay_on, metrics, received_at
        from days where keepable
        on conflict do nothing
        returning device_id, day),
      kept as (select device_id, day from days except select device_id, day from ins),
      del as (
        delete from device_readings r
        where r.device_id in (select id from devices where household_id = any(${ids})) and r.ts < ${before}
          and (r.device_id, (r.ts at time zone 'UTC')::date) not in (select device_id, day from kept)
        returning 1)
      select (select count(*) from ins)::int as days, (select count(*) from del)::int as rows`),
  );
  return { households, meterDays: Number(meter!.days), deviceDays: Number(device!.days), meterRows: Number(meter!.rows), deviceRows: Number(device!.rows) };
}
