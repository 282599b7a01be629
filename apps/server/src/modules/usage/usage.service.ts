import { sql } from 'drizzle-orm';
import type { UsageHistory, UsageRange, UsageSummary } from '@peakwise/contracts/energy.contract';
import { addDays, daysInMonth, localDateOf, localDay, localDatesInRange, parseLocalDate, formatLocalDate, type LocalDate } from '@peakwise/domain/local-time';
import { percentChange } from '@peakwise/domain/solar-metrics';
import { rowsOf } from '../../lib/notify';
import type { DbOrTx, Household } from '../households/household.service';
import { dailyCosts, dailySumsWithCosts, planIdOn, tariffHistory } from './daily-cost.service';
import { expectedIntervals, type MeterSums } from './meter-rollups.repository';

export type UsageDay = {
  date: LocalDate;
  kwh: number | null;
  costCents: number | null;
  coverage: { intervals: number; expected: number };
};

/** Device kinds whose energy is not household consumption: production and water volume. */
const NOT_CONSUMPTION = ['solar_panel', 'water_meter'];

/**
 * Consumption and cost per local day, first..last, from daily rollups. A day without data is
 * null (never 0); expected intervals count only the part of a day that has already happened.
 */
export async function usageDays(
  db: DbOrTx,
  household: Household,
  first: LocalDate,
  last: LocalDate,
  now: Date,
  history?: Awaited<ReturnType<typeof tariffHistory>>,
): Promise<{ days: UsageDay[]; sums: Map<LocalDate, MeterSums> }> {
  const { sums, cached } = await dailySumsWithCosts(db, household.id, first, last);
  const costs = await dailyCosts(db, household, sums, { cached, ...(history ? { history } : {}) });
  const days = localDatesInRange(first, last).map((date) => {
    const s = sums.get(date);
    const bounds = localDay(date, household.timeZone);
    const known = s !== undefined && s.intervalCount > 0;
    return {
      date,
      kwh: known ? s.consumptionKwh : null,
      costCents: known ? (costs.get(date) ?? null) : null,
      coverage: { intervals: s?.intervalCount ?? 0, expected: expectedIntervals(bounds.start, now < bounds.end ? now : bounds.end) },
    };
  });
  return { days, sums };
}

const sumKnown = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
};

/** The `range` local days ending today (today included, so far). */
export async function usageHistory(db: DbOrTx, household: Household, range: UsageRange, now = new Date()): Promise<UsageHistory> {
  const today = localDateOf(now, household.timeZone);
  const first = addDays(today, 1 - range);
  const { days } = await usageDays(db, household, first, today, now);
  const totalKwh = sumKnown(days.map((d) => d.kwh));
  const datesWithData = days.filter((d) => d.kwh !== null).map((d) => d.date);
  return {
    range,
    timeZone: household.timeZone,
    days,
    totalKwh,
    totalCostCents: sumKnown(days.map((d) => d.costCents)),
    breakdown: totalKwh === null ? [] : await breakdown(db, household.id, datesWithData, totalKwh),
  };
}

/**
 * Consumption by device kind over the given days, plus "untracked" (the household meter's
 * consumption no device accounts for: standby, hard-wired loads), so the parts sum to the whole.
 * When the devices add up to more than the meter (clocks apart, a device double-counted), they
 * are scaled down to the meter's total and untracked is 0: the meter is the billing truth.
 */
async function breakdown(db: DbOrTx, householdId: string, dates: LocalDate[], totalKwh: number): Promise<UsageHistory['breakdown']> {
  const rows = rowsOf<{ kind: UsageHistory['breakdown'][number]['category']; kwh: number }>(
    await db.execute(sql`
      select d.kind, sum(dd.energy_kwh)::float8 as kwh
      from device_daily dd join devices d on d.id = dd.device_id
      where d.household_id = ${householdId}::uuid
        and d.kind not in (${sql.join(NOT_CONSUMPTION.map((k) => sql`${k}`), sql`, `)})
        and dd.local_date in (select value::date from json_array_elements_text(${JSON.stringify(dates)}::json))
        and dd.energy_kwh is not null
      group by d.kind`),
  ).filter((r) => r.kwh > 0);
  const tracked = rows.reduce((s, r) => s + r.kwh, 0);
  const scale = tracked > totalKwh && tracked > 0 ? totalKwh / tracked : 1;
  const parts = rows.map((r) => ({ category: r.kind, kwh: r.kwh * scale })).sort((a, b) => b.kwh - a.kwh);
  return [...parts, { category: 'untracked' as const, kwh: scale < 1 ? 0 : Math.max(0, totalKwh - tracked) }];
}

const AVERAGE_WINDOW_DAYS = 30;

/**
 * The Usage History cards. Month = the local calendar month so far (today included).
 * dailyAverageKwh = mean consumption of the complete days (before today) of the last 30 that
 * have data, so a half-finished today does not drag it down. changeVsLastMonthPct compares the
 * complete days of this month (1 … yesterday) with the same days of last month; null on the 1st.
 */
export async function usageSummary(db: DbOrTx, household: Household, now = new Date()): Promise<UsageSummary> {
  const zone = household.timeZone;
  const today = localDateOf(now, zone);
  const { year, month, day } = parseLocalDate(today);
  const monthStart = formatLocalDate(year, month, 1);
  const lastMonth = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const lastMonthStart = formatLocalDate(lastMonth.year, lastMonth.month, 1);
  const lastMonthEnd = formatLocalDate(lastMonth.year, lastMonth.month, daysInMonth(lastMonth.year, lastMonth.month));
  const windowStart = addDays(today, -AVERAGE_WINDOW_DAYS);
  const first = windowStart < lastMonthStart ? windowStart : lastMonthStart;

  const history = await tariffHistory(db, household.id);
  const { days } = await usageDays(db, household, first, today, now, history);
  const between = (a: LocalDate, b: LocalDate) => days.filter((d) => d.date >= a && d.date <= b);

  const thisMonth = between(monthStart, today);
  const complete = between(windowStart, addDays(today, -1)).filter((d) => d.kwh !== null);
  const sameDaysLastMonth = day > 1 ? Math.min(day - 1, daysInMonth(lastMonth.year, lastMonth.month)) : 0;
  const thisMonthComplete = day > 1 ? sumKnown(between(monthStart, addDays(today, -1)).map((d) => d.kwh)) : null;
  const lastMonthSameDays =
    sameDaysLastMonth > 0 ? sumKnown(between(lastMonthStart, formatLocalDate(lastMonth.year, lastMonth.month, sameDaysLastMonth)).map((d) => d.kwh)) : null;

  return {
    timeZone: zone,
    month: { start: monthStart, kwh: sumKnown(thisMonth.map((d) => d.kwh)), costCents: sumKnown(thisMonth.map((d) => d.costCents)), days: day },
    dailyAverageKwh: complete.length === 0 ? null : complete.reduce((s, d) => s + d.kwh!, 0) / complete.length,
    changeVsLastMonthPct: percentChange(thisMonthComplete, lastMonthSameDays),
    lastMonthKwh: sumKnown(between(lastMonthStart, lastMonthEnd).map((d) => d.kwh)),
    tariffPlanId: planIdOn(history, household.province, today) ?? '',
  };
}
