import { sql } from 'drizzle-orm';
import type { UsageHistory, UsageRange, UsageSummary } from '@peakwise/contracts/energy.contract';
import { addDays, daysInMonth, localDateOf, localDayBounds, localDatesInRange, parseLocalDate, formatLocalDate, type LocalDate } from '@peakwise/domain/local-time';
import { percentChange } from '@peakwise/domain/solar-metrics';
import { rowsOf } from '../../db/rows';
import type { Household } from '../households/household.service';
import type { DbOrTx } from '../../db/client';
import { parseNumberArray } from '../../lib/pg-array';
import { executePrepared } from '../../db/prepared-statement';
import { jsonRowsSql } from '../../db/read-together';
import { priceDays, tariffHistorySql } from './daily-cost.service';
import { planIdOn, type TariffRow } from '@peakwise/domain/tariff-history';
import { expectedIntervals } from './meter-rollups.repository';

export type UsageDay = {
  date: LocalDate;
  kwh: number | null;
  costCents: number | null;
  coverage: { intervals: number; expected: number };
};

/** Device kinds whose energy is not household consumption: production and water volume. */
const NOT_CONSUMPTION = ['solar_panel', 'water_meter'];

type KindRow = [UsageHistory['breakdown'][number]['category'], number];

/**
 * One round trip for a range of days: the days with data as columns (offset from `first`,
 * consumption, interval count, price), which of them are unpriced, the tariff history when asked,
 * and (when asked) consumption by device kind over the days with data.
 *
 * A year is read as array text, the cheapest way to move 365 rows of numbers: PostgreSQL prints
 * each value once, as it would in a row, and the server parses one string per column instead
 * of a row object per day. The arrays are not sorted: aggregates of one scan see the rows in the same
 * order, so they stay aligned, and each day is placed by its offset. It runs as a prepared
 * statement, since planning it cost as much as running it.
 */
async function readDays(db: DbOrTx, householdId: string, first: LocalDate, last: LocalDate, options: { breakdown: boolean; tariffs: boolean }) {
  const h = sql`${householdId}::uuid`;
  const kinds = options.breakdown
    ? sql`(select coalesce(json_agg(json_build_array(k.kind, k.kwh)), '[]'::json) from (
          select d.kind, sum(dd.energy_kwh)::float8 as kwh
          from device_daily dd join devices d on d.id = dd.device_id
          join meter_daily md on md.household_id = ${h} and md.local_date = dd.local_date and md.interval_count > 0
          where d.household_id = ${h} and d.kind not in (${sql.join(NOT_CONSUMPTION.map((k) => sql`${k}`), sql`, `)})
            and dd.local_date between ${first}::date and ${last}::date and dd.energy_kwh is not null
          group by d.kind) k)::text`
    : sql`'[]'`;
  const tariffs = options.tariffs ? sql`${jsonRowsSql(tariffHistorySql(householdId))}::text` : sql`'[]'`;
  const day = sql`m.local_date - ${first}::date`;
  const [row] = rowsOf<{ o: string | null; c: string | null; n: string | null; k: string | null; u: string | null; kinds: string; tariffs: string }>(
    await executePrepared(
      db,
      sql`
      select array_agg(${day})::text as o, array_agg(m.consumption_kwh)::text as c, array_agg(m.interval_count)::text as n, array_agg(m.cost_cents)::text as k,
        (array_agg(${day}) filter (where m.cost_plan_id is null))::text as u,
        ${kinds} as kinds, ${tariffs} as tariffs
      from meter_daily m
      where m.household_id = ${h} and m.local_date between ${first}::date and ${last}::date and m.interval_count > 0`,
    ),
  );
  return {
    offsets: parseNumberArray(row!.o) as number[],
    kwh: parseNumberArray(row!.c) as number[],
    intervals: parseNumberArray(row!.n) as number[],
    cents: parseNumberArray(row!.k),
    unpriced: parseNumberArray(row!.u) as number[],
    kinds: JSON.parse(row!.kinds) as KindRow[],
    history: JSON.parse(row!.tariffs) as TariffRow[],
  };
}

/**
 * Consumption and cost per local day, first..last, from daily rollups. A day without data is
 * null (never 0); expected intervals count only the part of a day that has already happened.
 * Days whose price was cleared (new readings, a plan change) are priced here and keep it.
 */
export async function usageDays(db: DbOrTx, household: Household, first: LocalDate, last: LocalDate, now: Date, options: { breakdown?: boolean; tariffs?: boolean } = {}) {
  const read = await readDays(db, household.id, first, last, { breakdown: options.breakdown ?? false, tariffs: options.tariffs ?? false });
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
function breakdown(kinds: readonly KindRow[], totalKwh: number): UsageHistory['breakdown'] {
  const rows = kinds.map(([kind, kwh]) => ({ kind, kwh })).filter((r) => r.kwh > 0);
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

  const { days, history } = await usageDays(db, household, first, today, now, { tariffs: true });
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
