import type { Dashboard, DashboardPeriod, DashboardUsage } from '@peakwise/contracts/energy.contract';
import { addDays, localDateOf, localDay, localDatesInRange, startOfLocalHour } from '@peakwise/domain/local-time';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { priceDays } from '../energy/energy-daily-cost.service';
import { readDashboard } from '../energy/energy-dashboard.repository';
import { planIdOn } from '@peakwise/domain/tariff-history';
import { dailySums, expectedIntervals, localHourSums, type MeterSums } from '../energy/energy-rollups.repository';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import { todaySoFar } from '@peakwise/domain/today-so-far';

/** A power sample or device reading older than this is not "current". */
export const CURRENT_WINDOW_MS = 15 * 60_000;

/** The Dashboard cards and Active Devices list. */
export async function dashboard(db: DbOrTx, household: Household, user: { id: string; name: string }, sessionId: string, now = new Date()): Promise<Dashboard> {
  const zone = household.timeZone;
  const today = localDateOf(now, zone);
  const since = new Date(now.getTime() - CURRENT_WINDOW_MS);
  const read = await readDashboard(db, household, { userId: user.id, sessionId }, today, todaySoFar(now, zone), since);
  const { snapshot, devices } = read;
  const live = snapshot.live;
  const fresh = live !== null && live.ts.getTime() >= now.getTime() - CURRENT_WINDOW_MS;
  // "Consumed today" stops at the interval in progress, as on the Solar screen (decision 087).
  const consumed = read.todaySoFar.intervalCount > 0 ? read.todaySoFar : null;
  // The cost is the day's kept price, which covers every reading of the day stored so far.
  const todaySums = snapshot.sums.get(today);
  const priceable = todaySums !== undefined && todaySums.intervalCount > 0;
  // Today's price is cleared by every new reading: the first read after one prices the day again.
  const todayCents = !priceable ? null : snapshot.priced ? snapshot.cents : ((await priceDays(db, household, [today])).get(today) ?? null);

  return {
    memberName: snapshot.profileName || user.name,
    firstVisit: snapshot.firstVisit,
    timeZone: zone,
    currentPowerKw: fresh ? live.powerW / 1000 : null,
    currentPowerAt: fresh ? live.ts.toISOString() : null,
    todayKwh: consumed?.consumptionKwh ?? null,
    todayGridImportKwh: consumed?.gridImportKwh ?? null,
    todayCostCents: todayCents,
    tariffPlanId: planIdOn(snapshot.history, household.province, today) ?? '',
    activeDeviceCount: devices.length,
    activeDevices: devices,
  };
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
