import { sql } from 'drizzle-orm';
import { ACTIVE_DEVICE_WINDOW_MS, type DeviceHistory, type DeviceHistoryRange, type DevicesOverview } from '@peakwise/contracts/devices.contract';
import { INTERVAL_MS, HOUR_MS, DAY_MS } from '@peakwise/domain/time-constants';
import { pooledUptimePercent, UPTIME_WINDOW_DAYS } from '@peakwise/domain/device-uptime';
import { addDays, localDateOf, localDatesInRange, localDay } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { expectedIntervals } from '../energy/energy-rollups.repository';
import { isUuid } from '../../lib/uuid';

/** Panels produce and the water meter measures water: neither adds to the power the home draws. */
const NOT_CONSUMERS = new Set(['solar_panel', 'water_meter']);

type DeviceRow = {
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
  latest_ts: number | null;
  power_w: number | null;
  efficiency: number | null;
  seen_intervals: number;
  first_ts: number | null;
  created_at: number;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The IoT Devices screen for the member's household. A device is "active" when its latest reading
 * is at most 15 minutes old and it draws power or its relay is on (panels and the water meter are
 * not consumers, as on the Dashboard); "offline" replaces the stored
 * status when nothing arrived in that window. Uptime pools every live device's 30-day window,
 * which starts no earlier than the device's first data (or its registration).
 */
export async function devicesOverview(db: DbOrTx, household: Household, now = new Date()): Promise<DevicesOverview> {
  const since = new Date(now.getTime() - ACTIVE_DEVICE_WINDOW_MS);
  const windowStart = new Date(now.getTime() - UPTIME_WINDOW_DAYS * DAY_MS);
  const windowEnd = new Date(Math.floor(now.getTime() / INTERVAL_MS) * INTERVAL_MS);
  const rooms = rowsOf<{ id: string; name: string; x: number; y: number; width: number; height: number }>(
    await db.execute(sql`select id, name, x, y, width, height from rooms where household_id = ${household.id}::uuid order by name, id`),
  );
  const rows = rowsOf<DeviceRow>(
    await db.execute(sql`
      select d.id, d.name, d.kind, d.status, d.room_id, rm.name as room, d.x, d.y, d.relay_on, d.never_switch,
        (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen_at, (extract(epoch from d.created_at) * 1000)::float8 as created_at,
        (extract(epoch from lr.ts) * 1000)::float8 as latest_ts, lr.power_w, le.efficiency,
        coalesce(up.seen, 0)::int as seen_intervals, (extract(epoch from fr.ts) * 1000)::float8 as first_ts
      from devices d
      left join rooms rm on rm.id = d.room_id
      left join lateral (
        select r.ts, r.power_w from device_readings r where r.device_id = d.id order by r.ts desc limit 1
      ) lr on true
      left join lateral (
        select r.efficiency from device_readings r
        where r.device_id = d.id and r.efficiency is not null and r.ts >= ${windowStart.toISOString()}::timestamptz
        order by r.ts desc limit 1
      ) le on true
      left join lateral (
        select sum(h.interval_count) as seen from device_hourly h
        where h.device_id = d.id and h.hour_start >= ${windowStart.toISOString()}::timestamptz and h.hour_start < ${windowEnd.toISOString()}::timestamptz
      ) up on true
      left join lateral (
        select r.ts from device_readings r where r.device_id = d.id order by r.ts asc limit 1
      ) fr on true
      where d.household_id = ${household.id}::uuid and d.removed_at is null
      order by d.created_at, d.name`),
  );

  const devices = rows.map((r) => {
    const latest = r.latest_ts === null ? null : new Date(r.latest_ts);
    const recent = latest !== null && latest.getTime() >= since.getTime();
    // A plug that confirmed "off" after its latest interval reading draws nothing now, though that
    // reading (up to 5 minutes old) still shows what it drew before.
    const switchedOffSince = r.relay_on === false && latest !== null && r.last_seen_at !== null && r.last_seen_at > latest.getTime();
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      roomId: r.room_id,
      room: r.room,
      x: r.x,
      y: r.y,
      status: recent ? r.status : 'offline',
      powerW: recent ? (switchedOffSince ? 0 : r.power_w) : null,
      efficiencyPct: r.efficiency,
      // Same rule as the Dashboard's Active Devices: a consumer reporting now that draws power or is switched on.
      active: recent && !NOT_CONSUMERS.has(r.kind) && ((!switchedOffSince && (r.power_w ?? 0) > 0) || r.relay_on === true),
      relayOn: r.relay_on,
      neverSwitch: r.never_switch,
      lastSeenAt: iso(r.last_seen_at) ?? (latest ? latest.toISOString() : null),
    };
  });

  const consuming = devices.filter((d) => !NOT_CONSUMERS.has(d.kind) && d.powerW !== null);
  const efficiencies = devices.map((d) => d.efficiencyPct).filter((e): e is number => e !== null);
  const uptime = pooledUptimePercent(
    rows.map((r) => {
      // The window opens at the later of 30 days ago and the device's first reading or registration,
      // whichever came first (the demo back-fills history from before its devices were registered).
      const firstData = Math.min(r.created_at, r.first_ts ?? Infinity);
      const start = new Date(Math.max(windowStart.getTime(), firstData));
      return { intervalsWithReading: r.seen_intervals, intervalsInWindow: expectedIntervals(start, windowEnd) };
    }),
  );

  return {
    timeZone: household.timeZone,
    cards: {
      activeCount: devices.filter((d) => d.active).length,
      deviceCount: devices.length,
      totalPowerW: consuming.length ? consuming.reduce((sum, d) => sum + (d.powerW ?? 0), 0) : null,
      averageEfficiencyPct: efficiencies.length ? efficiencies.reduce((a, b) => a + b, 0) / efficiencies.length : null,
      uptimePct: uptime,
    },
    rooms,
    devices,
  };
}

type Bucket = { energy_kwh: number | null; avg_power_w: number | null; interval_count: number };

/**
 * Chart and latest metrics of one device of the household; null when the id is not a live device
 * of this household (or not an id at all), so another member's device is indistinguishable from
 * a missing one. 24h = the last 24 UTC hours (hourly rollups, the current hour included);
 * 7d / 30d = local days ending today (daily rollups).
 */
export async function deviceHistory(db: DbOrTx, household: Household, deviceId: string, range: DeviceHistoryRange, now = new Date()): Promise<DeviceHistory | null> {
  if (!isUuid(deviceId)) return null;
  const [device] = rowsOf<{ id: string; kind: string }>(
    await db.execute(sql`select id, kind from devices where id = ${deviceId}::uuid and household_id = ${household.id}::uuid and removed_at is null`),
  );
  if (!device) return null;
  const zone = household.timeZone;

  let points: DeviceHistory['points'];
  if (range === '24h') {
    const current = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const from = new Date(current - 23 * HOUR_MS);
    const rows = rowsOf<Bucket & { ms: number }>(
      await db.execute(sql`
        select (extract(epoch from hour_start) * 1000)::float8 as ms, energy_kwh, avg_power_w, interval_count from device_hourly
        where device_id = ${device.id}::uuid and hour_start >= ${from.toISOString()}::timestamptz`),
    );
    const byHour = new Map(rows.map((r) => [r.ms, r]));
    points = Array.from({ length: 24 }, (_, i) => {
      const start = new Date(from.getTime() + i * HOUR_MS);
      const end = new Date(start.getTime() + HOUR_MS);
      return point(start, end < now ? end : now, byHour.get(start.getTime()));
    });
  } else {
    const today = localDateOf(now, zone);
    const dates = localDatesInRange(addDays(today, range === '7d' ? -6 : -29), today);
    const rows = rowsOf<Bucket & { d: string }>(
      await db.execute(sql`
        select local_date::text as d, energy_kwh, avg_power_w, interval_count from device_daily
        where device_id = ${device.id}::uuid and local_date between ${dates[0]!}::date and ${today}::date`),
    );
    const byDate = new Map(rows.map((r) => [r.d, r]));
    points = dates.map((date) => {
      const day = localDay(date, zone);
      return point(day.start, day.end < now ? day.end : now, byDate.get(date));
    });
  }

  const [latest] = rowsOf<{ ts: number; power_w: number | null; efficiency: number | null; metrics: Record<string, unknown> | null }>(
    await db.execute(sql`select (extract(epoch from ts) * 1000)::float8 as ts, power_w, efficiency, metrics from device_readings where device_id = ${device.id}::uuid order by ts desc limit 1`),
  );
  return {
    deviceId: device.id,
    kind: device.kind,
    range,
    timeZone: zone,
    bucket: range === '24h' ? 'hour' : 'day',
    points,
    latest: latest
      ? { ts: new Date(latest.ts).toISOString(), powerW: latest.power_w, efficiencyPct: latest.efficiency, metrics: numbersOf(latest.metrics) }
      : null,
  };
}

function point(start: Date, end: Date, row: Bucket | undefined): DeviceHistory['points'][number] {
  const known = row !== undefined && row.interval_count > 0;
  return {
    start: start.toISOString(),
    avgPowerW: known ? row.avg_power_w : null,
    energyKwh: known ? row.energy_kwh : null,
    coverage: { intervals: row?.interval_count ?? 0, expected: expectedIntervals(start, end) },
  };
}

/** Only finite numbers leave the server: metrics is device-sent jsonb. */
function numbersOf(metrics: Record<string, unknown> | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(metrics ?? {})) if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  return out;
}
