import { ACTIVE_DEVICE_WINDOW_MS, type DeviceHistory, type DeviceHistoryRange, type DevicesOverview } from '@peakwise/contracts/devices.contract';
import { INTERVAL_MS, HOUR_MS, DAY_MS } from '@peakwise/domain/time-constants';
import { pooledUptimePercent, UPTIME_WINDOW_DAYS } from '@peakwise/domain/device-uptime';
import { addDays, localDateOf, localDatesInRange, localDay } from '@peakwise/domain/local-time';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { expectedIntervals } from '../energy/energy-rollups.repository';
import { isUuid } from '../../lib/uuid';
import { dailyBuckets, deviceOverviewRows, hourlyBuckets, latestReading, liveDeviceKind, roomsForPlan, type Bucket } from './devices-read.repository';

/** Panels produce and the water meter measures water: neither adds to the power the home draws. */
const NOT_CONSUMERS = new Set(['solar_panel', 'water_meter']);


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
  // Uptime counts intervals from the hourly rollups, so the window opens on a whole hour: a
  // window opening mid-hour would expect that hour's later intervals but could not count them.
  const windowStart = new Date(Math.ceil((now.getTime() - UPTIME_WINDOW_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS);
  const windowEnd = new Date(Math.floor(now.getTime() / INTERVAL_MS) * INTERVAL_MS);
  const rooms = await roomsForPlan(db, household.id);
  const rows = await deviceOverviewRows(db, household.id, windowStart, windowEnd);

  const devices = rows.map((r) => {
    const latest = r.latest_ts === null ? null : new Date(r.latest_ts);
    const recent = latest !== null && latest.getTime() >= since.getTime();
    // A plug that confirmed "off" after its latest interval reading draws nothing now, though that
    // reading (up to 5 minutes old) still shows what it drew before; one that reported its power
    // since (a Shelly, about once a minute) draws what it said last.
    const switchedOffSince = r.relay_on === false && latest !== null && r.last_seen_at !== null && r.last_seen_at > latest.getTime();
    const reportedSince = latest !== null && r.live_power_at !== null && r.live_power_at >= latest.getTime();
    const powerNow = switchedOffSince ? 0 : reportedSince ? r.live_power_w : r.power_w;
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      roomId: r.room_id,
      room: r.room,
      x: r.x,
      y: r.y,
      status: recent ? r.status : 'offline',
      powerW: recent ? powerNow : null,
      efficiencyPct: r.efficiency,
      // Same rule as the Dashboard's Active Devices: a consumer reporting now that draws power or is switched on.
      active: recent && !NOT_CONSUMERS.has(r.kind) && ((powerNow ?? 0) > 0 || r.relay_on === true),
      relayOn: r.relay_on,
      neverSwitch: r.never_switch,
      lastSeenAt: iso(r.last_seen_at) ?? (latest ? latest.toISOString() : null),
      needsNewPassword: r.needs_new_password,
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
      // The "of n" beside the active count: only devices the active rule can count.
      deviceCount: devices.filter((d) => !NOT_CONSUMERS.has(d.kind)).length,
      totalPowerW: consuming.length ? consuming.reduce((sum, d) => sum + (d.powerW ?? 0), 0) : null,
      averageEfficiencyPct: efficiencies.length ? efficiencies.reduce((a, b) => a + b, 0) / efficiencies.length : null,
      uptimePct: uptime,
    },
    rooms,
    devices,
  };
}


/**
 * Chart and latest metrics of one device of the household; null when the id is not a live device
 * of this household (or not an id at all), so another member's device is indistinguishable from
 * a missing one. 24h = the last 24 UTC hours (hourly rollups, the current hour included);
 * 7d / 30d = local days ending today (daily rollups).
 */
export async function deviceHistory(db: DbOrTx, household: Household, deviceId: string, range: DeviceHistoryRange, now = new Date()): Promise<DeviceHistory | null> {
  if (!isUuid(deviceId)) return null;
  const device = await liveDeviceKind(db, household.id, deviceId);
  if (!device) return null;
  const zone = household.timeZone;

  let points: DeviceHistory['points'];
  if (range === '24h') {
    const current = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const from = new Date(current - 23 * HOUR_MS);
    const rows = await hourlyBuckets(db, device.id, from);
    const byHour = new Map(rows.map((r) => [r.ms, r]));
    points = Array.from({ length: 24 }, (_, i) => {
      const start = new Date(from.getTime() + i * HOUR_MS);
      const end = new Date(start.getTime() + HOUR_MS);
      return point(start, end < now ? end : now, byHour.get(start.getTime()));
    });
  } else {
    const today = localDateOf(now, zone);
    const dates = localDatesInRange(addDays(today, range === '7d' ? -6 : -29), today);
    const rows = await dailyBuckets(db, device.id, dates[0]!, today);
    const byDate = new Map(rows.map((r) => [r.d, r]));
    points = dates.map((date) => {
      const day = localDay(date, zone);
      return point(day.start, day.end < now ? day.end : now, byDate.get(date));
    });
  }

  const latest = await latestReading(db, device.id);
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
