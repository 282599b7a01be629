import type { UsageHistory, UsageRange, UsageSummary } from '@peakwise/contracts/energy.contract';
import { addDays, daysInMonth, localDateOf, localDayBounds, localDatesInRange, parseLocalDate, formatLocalDate, type LocalDate } from '@peakwise/domain/local-time';
import { percentChange } from '@peakwise/domain/solar-metrics';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { priceDays } from '../energy/energy-daily-cost.service';
import { readUsageDays, type UsageKindRow } from '../energy/energy-usage.repository';
import { planIdOn } from '@peakwise/domain/tariff-history';
import { expectedIntervals } from '../energy/energy-rollups.repository';

export type UsageDay = {
  date: LocalDate;
  kwh: number | null;
  costCents: number | null;
  coverage: { intervals: number; expected: number };
};

/**
 * Consumption and cost per local day, first..last, from daily rollups. A day without data is
 * null (never 0); expected intervals count only the part of a day that has already happened.
 * Days whose price was cleared (new readings, a plan change) are priced here and keep it.
 */
export async function usageDays(db: DbOrTx, household: Household, first: LocalDate, last: LocalDate, now: Date, options: { breakdown?: boolean; tariffs?: boolean } = {}) {
  const read = await readUsageDays(db, household.id, first, last, { breakdown: options.breakdown ?? false, tariffs: options.tariffs ?? false });
  const dates = localDatesInRange(first, last);
  const days: UsageDay[] = dates.map((date) => {
    const [start, end] = localDayBounds(date, household.timeZone);
    return { date, kwh: null, costCents: null, coverage: { intervals: 0, expected: expectedIntervals(start, Math.min(now.getTime(), end)) } };
  });
  read.offsets.forEach((offset, i) => {
    const day = days[offset]!;
    day.kwh = read.kwh[i]!;
    day.costCents = read.cents[i] ?? null;
    day.coverage.intervals = read.intervals[i]!;
  });
  if (read.unpriced.length > 0) {
    const prices = await priceDays(db, household, read.unpriced.map((offset) => dates[offset]!));
    for (const offset of read.unpriced) days[offset]!.costCents = prices.get(dates[offset]!) ?? null;
  }
  return { days, history: read.history, kinds: read.kinds };
}

const sumKnown = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
};

/** The `range` local days ending today (today included, so far). */
export async function usageHistory(db: DbOrTx, household: Household, range: UsageRange, now = new Date()): Promise<UsageHistory> {
  const today = localDateOf(now, household.timeZone);
  const first = addDays(today, 1 - range);
  const { days, kinds } = await usageDays(db, household, first, today, now, { breakdown: true });
  const totalKwh = sumKnown(days.map((d) => d.kwh));
  return {
    range,
    timeZone: household.timeZone,
    days,
    totalKwh,
    totalCostCents: sumKnown(days.map((d) => d.costCents)),
    breakdown: totalKwh === null ? [] : breakdown(kinds, totalKwh),
  };
}

/**
 * Consumption by device kind over the days the meter has data, plus "untracked" (the household
 * meter's consumption no device accounts for: standby, hard-wired loads), so the parts sum to the whole.
 * When the devices add up to more than the meter (clocks apart, a device double-counted), they
 * are scaled down to the meter's total and untracked is 0: the meter is the billing truth.
 */
function breakdown(kinds: readonly UsageKindRow[], totalKwh: number): UsageHistory['breakdown'] {
  const rows = kinds.map(([kind, kwh]) => ({ kind, kwh })).filter((r) => r.kwh > 0);
  const tracked = rows.reduce((s, r) => s + r.kwh, 0);
  const scale = tracked > totalKwh && tracked > 0 ? totalKwh / tracked : 1;
  const parts = rows.map((r) => ({ category: r.kind, kwh: r.kwh * scale })).sort((a, b) => b.kwh - a.kwh);
  return [...parts, { category: 'untracked' as const, kwh: scale < 1 ? 0 : Math.max(0, totalKwh - tracked) }];
}

/**
 * The Usage History cards. Month = the local calendar month so far (today included).
 * dailyAverageKwh = mean consumption of this month's finished days (1 … yesterday) that have
 * readings, so a half-finished today does not drag it down. changeVsLastMonthPct compares the
 * same day numbers of both months, only those finished this month and present in both with
 * readings (decision 059): on 31 March, 1–28 March against 1–28 February, and a day the meter
 * missed on either side drops out of both. sameDaysLastMonthKwh is last month's side of that
 * comparison; both are null on the 1st or when no day pairs up.
 */
export async function usageSummary(db: DbOrTx, household: Household, now = new Date()): Promise<UsageSummary> {
  const zone = household.timeZone;
  const today = localDateOf(now, zone);
  const { year, month, day } = parseLocalDate(today);
  const monthStart = formatLocalDate(year, month, 1);
  const lastMonth = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const lastMonthStart = formatLocalDate(lastMonth.year, lastMonth.month, 1);

  const { days, history } = await usageDays(db, household, lastMonthStart, today, now, { tariffs: true });
  const between = (a: LocalDate, b: LocalDate) => days.filter((d) => d.date >= a && d.date <= b);
  const kwhOn = new Map(days.map((d) => [d.date, d.kwh]));

  const thisMonth = between(monthStart, today);
  const complete = day > 1 ? between(monthStart, addDays(today, -1)).filter((d) => d.kwh !== null) : [];
  const comparable = Math.min(day - 1, daysInMonth(lastMonth.year, lastMonth.month));
  let thisSide = 0;
  let lastSide = 0;
  let paired = 0;
  for (let n = 1; n <= comparable; n++) {
    const mine = kwhOn.get(formatLocalDate(year, month, n));
    const then = kwhOn.get(formatLocalDate(lastMonth.year, lastMonth.month, n));
    if (mine == null || then == null) continue;
    thisSide += mine;
    lastSide += then;
    paired += 1;
  }

  return {
    timeZone: zone,
    month: { start: monthStart, kwh: sumKnown(thisMonth.map((d) => d.kwh)), costCents: sumKnown(thisMonth.map((d) => d.costCents)), days: day },
    dailyAverageKwh: complete.length === 0 ? null : complete.reduce((s, d) => s + d.kwh!, 0) / complete.length,
    changeVsLastMonthPct: paired === 0 ? null : percentChange(thisSide, lastSide),
    sameDaysLastMonthKwh: paired === 0 ? null : lastSide,
    tariffPlanId: planIdOn(history, household.province, today) ?? '',
  };
}
