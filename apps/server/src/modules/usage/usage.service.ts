import { sql } from 'drizzle-orm';
import type { UsageHistory, UsageRange, UsageSummary } from '@peakwise/contracts/energy.contract';
import { addDays, daysInMonth, localDateOf, localDay, localDatesInRange, parseLocalDate, formatLocalDate, type LocalDate } from '@peakwise/domain/local-time';
import { percentChange } from '@peakwise/domain/solar-metrics';
import { rowsOf } from '../../lib/notify';
import type { DbOrTx, Household } from '../households/household.service';
import { dailyCosts, planIdOn, type CachedCost, type TariffRow } from './daily-cost.service';
import { expectedIntervals, type MeterSums } from './meter-rollups.repository';

export type UsageDay = {
  date: LocalDate;
  kwh: number | null;
  costCents: number | null;
  coverage: { intervals: number; expected: number };
};

/** Device kinds whose energy is not household consumption: production and water volume. */
const NOT_CONSUMPTION = ['solar_panel', 'water_meter'];

type DayRow = [string, number, number, number, number, number, string | null, number | null, number | null, number | null];
type KindRow = [UsageHistory['breakdown'][number]['category'], number];

/**
 * One round trip for a range of days: meter_daily rows with their cached prices, the tariff
 * history and (when asked) consumption by device kind over the days the meter has data. Rows
 * come back as JSON text: node-postgres parses a year of rows field by field in about a
 * millisecond, JSON.parse does it in a tenth of that (PostgreSQL prints float8 so that it reads
 * back exactly).
 */
async function readDays(db: DbOrTx, householdId: string, first: LocalDate, last: LocalDate, withBreakdown: boolean) {
  const h = sql`${householdId}::uuid`;
  const breakdownSql = withBreakdown
    ? sql`(select coalesce(json_agg(json_build_array(k.kind, k.kwh)), '[]'::json) from (
          select d.kind, sum(dd.energy_kwh)::float8 as kwh
          from device_daily dd join devices d on d.id = dd.device_id
          where d.household_id = ${h} and d.kind not in (${sql.join(NOT_CONSUMPTION.map((k) => sql`${k}`), sql`, `)})
            and dd.local_date in (select local_date from meter_daily where household_id = ${h} and local_date between ${first}::date and ${last}::date and interval_count > 0)
            and dd.energy_kwh is not null
          group by d.kind) k)`
    : sql`'[]'::json`;
  const [row] = rowsOf<{ days: string; tariffs: string; kinds: string }>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_array(m.local_date, m.production_kwh, m.consumption_kwh, m.grid_import_kwh, m.grid_export_kwh, m.interval_count,
            k.plan_id, k.interval_count, k.grid_import_kwh, k.cost_cents)), '[]'::json)
          from meter_daily m left join meter_daily_costs k on k.household_id = m.household_id and k.local_date = m.local_date
          where m.household_id = ${h} and m.local_date between ${first}::date and ${last}::date)::text as days,
        (select coalesce(json_agg(json_build_object('planId', t.plan_id, 'effectiveFrom', t.effective_from::text) order by t.effective_from), '[]'::json)
          from household_tariffs t where t.household_id = ${h})::text as tariffs,
        ${breakdownSql}::text as kinds`),
  );
  const sums = new Map<LocalDate, MeterSums>();
  const cached = new Map<LocalDate, CachedCost>();
  for (const [d, p, c, i, e, n, plan, cn, imp, cents] of JSON.parse(row!.days) as DayRow[]) {
    sums.set(d, { productionKwh: p, consumptionKwh: c, gridImportKwh: i, gridExportKwh: e, intervalCount: n });
    if (plan !== null) cached.set(d, { plan, n: cn!, imp: imp!, cents: cents! });
  }
  return { sums, cached, history: JSON.parse(row!.tariffs) as TariffRow[], kinds: JSON.parse(row!.kinds) as KindRow[] };
}

/**
 * Consumption and cost per local day, first..last, from daily rollups. A day without data is
 * null (never 0); expected intervals count only the part of a day that has already happened.
 */
export async function usageDays(db: DbOrTx, household: Household, first: LocalDate, last: LocalDate, now: Date, options: { breakdown?: boolean } = {}) {
  const read = await readDays(db, household.id, first, last, options.breakdown ?? false);
  const costs = await dailyCosts(db, household, read.sums, { cached: read.cached, history: read.history });
  const days: UsageDay[] = localDatesInRange(first, last).map((date) => {
    const s = read.sums.get(date);
    const bounds = localDay(date, household.timeZone);
    const known = s !== undefined && s.intervalCount > 0;
    return {
      date,
      kwh: known ? s.consumptionKwh : null,
      costCents: known ? (costs.get(date) ?? null) : null,
      coverage: { intervals: s?.intervalCount ?? 0, expected: expectedIntervals(bounds.start, now < bounds.end ? now : bounds.end) },
    };
  });
  return { days, sums: read.sums, history: read.history, kinds: read.kinds };
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

  const { days, history } = await usageDays(db, household, first, today, now);
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
