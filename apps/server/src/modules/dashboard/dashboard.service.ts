import { sql } from 'drizzle-orm';
import type { Dashboard, DashboardPeriod, DashboardUsage } from '@peakwise/contracts/energy.contract';
import { addDays, localDateOf, localDay, localDatesInRange, startOfLocalHour, type LocalDate } from '@peakwise/domain/local-time';
import { jsonRowsSql, readTogether } from '../../db/read-together';
import type { Household } from '../households/household.service';
import type { DbOrTx } from '../../db/client';
import { priceDays, tariffHistorySql } from '../usage/daily-cost.service';
import { planIdOn } from '@peakwise/domain/tariff-history';
import { dailySums, expectedIntervals, localHourSums, type MeterSums } from '../usage/meter-rollups.repository';
import { HOUR_MS } from '@peakwise/domain/time-constants';

/** A power sample or device reading older than this is not "current". */
export const CURRENT_WINDOW_MS = 15 * 60_000;

/** Kinds that never count as an active (consuming) device: panels produce, the water meter measures water. */
const NOT_CONSUMERS = ['solar_panel', 'water_meter'];

/** The Dashboard cards and Active Devices list. */
export async function dashboard(db: DbOrTx, household: Household, user: { id: string; name: string }, now = new Date()): Promise<Dashboard> {
  const zone = household.timeZone;
  const today = localDateOf(now, zone);
  const since = new Date(now.getTime() - CURRENT_WINDOW_MS);
  const read = await readTogether(db, { snapshot: snapshotSql(household.id, user.id, today), devices: activeDevicesSql(household.id, since) });
  const snapshot = parseSnapshot(read.snapshot[0] as SnapshotRow | undefined, today);
  const live = snapshot.live;
  const fresh = live !== null && live.ts.getTime() >= now.getTime() - CURRENT_WINDOW_MS;
  const todaySums = snapshot.sums.get(today);
  const known = todaySums !== undefined && todaySums.intervalCount > 0;
  // Today's price is cleared by every new reading: the first read after one prices the day again.
  const todayCents = !known ? null : snapshot.priced ? snapshot.cents : ((await priceDays(db, household, [today])).get(today) ?? null);
  const devices = (read.devices as DeviceRow[]).map((r) => ({ id: r.id, name: r.name, kind: r.kind, room: r.room, status: r.status, powerKw: r.power_w === null ? null : r.power_w / 1000 }));

  return {
    memberName: snapshot.profileName || user.name,
    timeZone: zone,
    currentPowerKw: fresh ? live.powerW / 1000 : null,
    currentPowerAt: fresh ? live.ts.toISOString() : null,
    todayKwh: known ? todaySums.consumptionKwh : null,
    todayCostCents: todayCents,
    tariffPlanId: planIdOn(snapshot.history, household.province, today) ?? '',
    activeDeviceCount: devices.length,
    activeDevices: devices,
  };
}

type SnapshotRow = {
  name: string | null;
  live_ts: string | null;
  live_w: number | null;
  tariffs: { planId: string; effectiveFrom: string }[];
  p: number | null;
  c: number | null;
  i: number | null;
  e: number | null;
  n: number | null;
  plan: string | null;
  cents: number | null;
};
type DeviceRow = { id: string; name: string; kind: string; status: string; room: string | null; power_w: number | null };

/**
 * Everything the Dashboard cards read except the devices, as one row: the member's profile
 * name, the newest live power sample, the tariff history, and today's meter_daily row with its
 * price.
 */
const snapshotSql = (householdId: string, userId: string, today: LocalDate) => sql`
  select (select name from profiles where id = ${userId}) as name, lp.ts as live_ts, lp.power_w as live_w,
    ${jsonRowsSql(tariffHistorySql(householdId))} as tariffs,
    m.production_kwh as p, m.consumption_kwh as c, m.grid_import_kwh as i, m.grid_export_kwh as e, m.interval_count as n,
    m.cost_plan_id as plan, m.cost_cents as cents
  from (select 1) as one
  left join household_live_power lp on lp.household_id = ${householdId}::uuid
  left join meter_daily m on m.household_id = ${householdId}::uuid and m.local_date = ${today}::date`;

function parseSnapshot(row: SnapshotRow | undefined, today: LocalDate) {
  const sums = new Map<LocalDate, MeterSums>();
  if (row?.n != null) sums.set(today, { productionKwh: row.p!, consumptionKwh: row.c!, gridImportKwh: row.i!, gridExportKwh: row.e!, intervalCount: row.n });
  return {
    profileName: row?.name ?? null,
    live: row?.live_ts != null && row.live_w !== null ? { ts: new Date(row.live_ts), powerW: row.live_w } : null,
    history: row?.tariffs ?? [],
    sums,
    priced: row?.plan != null,
    cents: row?.cents ?? null,
  };
}

/**
 * Live devices whose latest reading since `since` drew power, or whose relay is on: the plug is
 * switched on even if its appliance idles. Highest draw first.
 */
const activeDevicesSql = (householdId: string, since: Date) => sql`
  select d.id, d.name, d.kind, d.status, rm.name as room, lr.power_w
  from devices d
  left join rooms rm on rm.id = d.room_id
  cross join lateral (
    select r.power_w, r.relay_on from device_readings r
    where r.device_id = d.id and r.ts >= ${since.toISOString()}::timestamptz
    order by r.ts desc limit 1
  ) lr
  where d.household_id = ${householdId}::uuid and d.removed_at is null
    and d.kind not in (${sql.join(NOT_CONSUMERS.map((k) => sql`${k}`), sql`, `)})
    and (lr.power_w > 0 or coalesce(d.relay_on, lr.relay_on) is true)
  order by lr.power_w desc nulls last, d.name`;

const point = (start: Date, end: Date, now: Date, sums: MeterSums | undefined): DashboardUsage['points'][number] => ({
  start: start.toISOString(),
  kwh: sums !== undefined && sums.intervalCount > 0 ? sums.consumptionKwh : null,
  coverage: { intervals: sums?.intervalCount ?? 0, expected: expectedIntervals(start, end < now ? end : now) },
});

/** The dashboard chart: the last 24 local hours (the current one included) or the last 7 / 30 local days. */
export async function dashboardUsage(db: DbOrTx, household: Household, period: DashboardPeriod, now = new Date()): Promise<DashboardUsage> {
  const zone = household.timeZone;
  if (period === '24h') {
    const current = startOfLocalHour(now, zone).getTime();
    const from = new Date(current - 23 * HOUR_MS);
    const hours = await localHourSums(db, household.id, zone, from, new Date(current + HOUR_MS));
    const points = Array.from({ length: 24 }, (_, i) => {
      const start = from.getTime() + i * HOUR_MS;
      return point(new Date(start), new Date(start + HOUR_MS), now, hours.get(start));
    });
    return { period, timeZone: zone, bucket: 'hour', points };
  }
  const today = localDateOf(now, zone);
  const dates = localDatesInRange(addDays(today, period === '7d' ? -6 : -29), today);
  const days = await dailySums(db, household.id, dates[0]!, today);
  const points = dates.map((date) => {
    const day = localDay(date, zone);
    return point(day.start, day.end, now, days.get(date));
  });
  return { period, timeZone: zone, bucket: 'day', points };
}
