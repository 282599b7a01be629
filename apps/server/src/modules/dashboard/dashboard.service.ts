import { eq, sql } from 'drizzle-orm';
import type { Dashboard, DashboardPeriod, DashboardUsage } from '@peakwise/contracts/energy.contract';
import { addDays, localDateOf, localDay, localDatesInRange, startOfLocalHour } from '@peakwise/domain/local-time';
import { profiles } from '../../db/schema/profile.schema';
import { rowsOf } from '../../lib/notify';
import type { DbOrTx, Household } from '../households/household.service';
import { getLivePower } from '../live/live-power.service';
import { dailyCosts, planIdOn, tariffHistory } from '../usage/daily-cost.service';
import { dailySums, expectedIntervals, localHourSums, type MeterSums } from '../usage/meter-rollups.repository';

/** A power sample or device reading older than this is not "current". */
export const CURRENT_WINDOW_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/** Kinds that never count as an active (consuming) device: panels produce, the water meter measures water. */
const NOT_CONSUMERS = ['solar_panel', 'water_meter'];

/** The Dashboard cards and Active Devices list. */
export async function dashboard(db: DbOrTx, household: Household, user: { id: string; name: string }, now = new Date()): Promise<Dashboard> {
  const zone = household.timeZone;
  const today = localDateOf(now, zone);
  const [profile] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, user.id));
  const live = await getLivePower(db, household.id);
  const fresh = live !== null && live.ts.getTime() >= now.getTime() - CURRENT_WINDOW_MS;
  const sums = await dailySums(db, household.id, today, today);
  const todaySums = sums.get(today);
  const known = todaySums !== undefined && todaySums.intervalCount > 0;
  const history = await tariffHistory(db, household.id);
  const costs = await dailyCosts(db, household, sums, history);
  const devices = await activeDevices(db, household.id, new Date(now.getTime() - CURRENT_WINDOW_MS));

  return {
    memberName: profile?.name || user.name,
    timeZone: zone,
    currentPowerKw: fresh ? live.powerW / 1000 : null,
    currentPowerAt: fresh ? live.ts.toISOString() : null,
    todayKwh: known ? todaySums.consumptionKwh : null,
    todayCostCents: known ? (costs.get(today) ?? null) : null,
    tariffPlanId: planIdOn(history, household.province, today) ?? '',
    activeDeviceCount: devices.length,
    activeDevices: devices,
  };
}

/**
 * Live devices whose latest reading since `since` drew power, or whose relay is on: the plug is
 * switched on even if its appliance idles. Highest draw first.
 */
async function activeDevices(db: DbOrTx, householdId: string, since: Date): Promise<Dashboard['activeDevices']> {
  const rows = rowsOf<{ id: string; name: string; kind: string; status: string; room: string | null; power_w: number | null }>(
    await db.execute(sql`
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
      order by lr.power_w desc nulls last, d.name`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, room: r.room, status: r.status, powerKw: r.power_w === null ? null : r.power_w / 1000 }));
}

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
