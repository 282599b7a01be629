import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows';

/** The IoT Devices screen's reads (devices-read.service.ts decides what they mean). */

export type DeviceRow = {
  id: string;
  name: string;
  kind: string;
  status: string;
  room_id: string | null;
  room: string | null;
  x: number | null;
  y: number | null;
  relay_on: boolean | null;
  never_switch: boolean;
  last_seen_at: number | null;
  live_power_w: number | null;
  live_power_at: number | null;
  latest_ts: number | null;
  power_w: number | null;
  efficiency: number | null;
  seen_intervals: number;
  first_ts: number | null;
  created_at: number;
  needs_new_password: boolean;
};

export type Bucket = { energy_kwh: number | null; avg_power_w: number | null; interval_count: number };

/** The household's rooms with their place on the floor plan. */
export async function roomsForPlan(db: DbOrTx, householdId: string) {
  return rowsOf<{ id: string; name: string; x: number; y: number; width: number; height: number }>(
    await db.execute(sql`select id, name, x, y, width, height from rooms where household_id = ${householdId}::uuid order by name, id`),
  );
}

/**
 * Every live device of the household with its room, latest reading, latest efficiency in the
 * window, intervals seen in [windowStart, windowEnd) and first reading: one round trip.
 *
 * The latest reading, the efficiency and the first reading are found through the hourly rollups,
 * which the writer recomputes from the raw rows in the same transaction as every reading it
 * stores (late ones and corrections included) and which compaction and retention leave alone:
 * the right hour first, then that hour's readings alone. For the efficiency this replaces reading
 * the whole window for a device that reports none; for the first reading, the min over every
 * partition and the compacted days; for the latest, decoding two compacted days beside the raw
 * key. Once retention has dropped the first hour's readings, the hour's start stands for the
 * first reading: more than a year before any uptime window, so no answer moves (decision 136).
 * Prepared: with its execution down to a few milliseconds, planning it (through the readings
 * functions' month partitions) cost about as much again.
 */
export async function deviceOverviewRows(db: DbOrTx, householdId: string, windowStart: Date, windowEnd: Date): Promise<DeviceRow[]> {
  return rowsOf<DeviceRow>(
    await executePrepared(db, sql`
      select d.id, d.name, d.kind, d.status, d.room_id, rm.name as room, d.x, d.y, d.relay_on, d.never_switch,
        (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen_at, (extract(epoch from d.created_at) * 1000)::float8 as created_at,
        d.live_power_w, (extract(epoch from d.live_power_at) * 1000)::float8 as live_power_at,
        (extract(epoch from lr.ts) * 1000)::float8 as latest_ts, lr.power_w, le.efficiency,
        coalesce(up.seen, 0)::int as seen_intervals, (extract(epoch from fr.ts) * 1000)::float8 as first_ts,
        exists (
          select 1 from ingest_credentials c where c.device_id = d.id and c.revoked_at is null and c.broker_login_missing_at is not null
        ) as needs_new_password
      from devices d
      left join rooms rm on rm.id = d.room_id
      left join lateral (
        select h.hour_start from device_hourly h where h.device_id = d.id order by h.hour_start desc limit 1
      ) lh on true
      left join lateral (
        select r.ts, r.power_w from device_readings_in(d.id, lh.hour_start, lh.hour_start + interval '1 hour') r
        order by r.ts desc limit 1
      ) lr on true
      left join lateral (
        select h.hour_start from device_hourly h
        where h.device_id = d.id and h.hour_start >= date_trunc('hour', ${windowStart.toISOString()}::timestamptz, 'UTC') and h.efficiency_interval_count > 0
        order by h.hour_start desc limit 1
      ) eh on true
      left join lateral (
        select r.efficiency from device_readings_in(d.id, greatest(eh.hour_start, ${windowStart.toISOString()}::timestamptz), eh.hour_start + interval '1 hour') r
        where r.efficiency is not null
        order by r.ts desc limit 1
      ) le on true
      left join lateral (
        select sum(h.interval_count) as seen from device_hourly h
        where h.device_id = d.id and h.hour_start >= ${windowStart.toISOString()}::timestamptz and h.hour_start < ${windowEnd.toISOString()}::timestamptz
      ) up on true
      left join lateral (
        select coalesce(
          (select min(r.ts) from device_readings_in(d.id, h.hour_start, h.hour_start + interval '1 hour') r),
          h.hour_start) as ts
        from device_hourly h where h.device_id = d.id
        order by h.hour_start limit 1
      ) fr on true
      where d.household_id = ${householdId}::uuid and d.removed_at is null
      order by d.created_at, d.name`),
  );
}

/** A live device of the household (id and kind), or undefined. */
export async function liveDeviceKind(db: DbOrTx, householdId: string, deviceId: string): Promise<{ id: string; kind: string } | undefined> {
  const [device] = rowsOf<{ id: string; kind: string }>(
    await db.execute(sql`select id, kind from devices where id = ${deviceId}::uuid and household_id = ${householdId}::uuid and removed_at is null`),
  );
  return device;
}

export async function hourlyBuckets(db: DbOrTx, deviceId: string, from: Date) {
  return rowsOf<Bucket & { ms: number }>(
    await db.execute(sql`
      select (extract(epoch from hour_start) * 1000)::float8 as ms, energy_kwh, avg_power_w, interval_count from device_hourly
      where device_id = ${deviceId}::uuid and hour_start >= ${from.toISOString()}::timestamptz`),
  );
}

export async function dailyBuckets(db: DbOrTx, deviceId: string, from: string, to: string) {
  return rowsOf<Bucket & { d: string }>(
    await db.execute(sql`
      select local_date::text as d, energy_kwh, avg_power_w, interval_count from device_daily
      where device_id = ${deviceId}::uuid and local_date between ${from}::date and ${to}::date`),
  );
}

/**
 * The device's newest reading (raw or compacted). Prepared: planning device_readings_latest over
 * the month partitions took about as long as running it (0.7 ms each on a loaded host); the
 * generic plan PostgreSQL keeps for it after five runs costs a few hundredths of a millisecond.
 */
export async function latestReading(db: DbOrTx, deviceId: string) {
  const [latest] = rowsOf<{ ts: number; power_w: number | null; efficiency: number | null; metrics: Record<string, unknown> | null }>(
    await executePrepared(db, sql`select (extract(epoch from ts) * 1000)::float8 as ts, power_w, efficiency, metrics from device_readings_latest(${deviceId}::uuid, 'infinity')`),
  );
  return latest;
}
