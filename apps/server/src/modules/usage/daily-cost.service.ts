import { sql } from 'drizzle-orm';
import { localDay, type LocalDate } from '@peakwise/domain/local-time';
import { priceIntervals, type MeteredInterval } from '@peakwise/domain/tariff';
import { planById } from '@peakwise/domain/tariff-plans';
import { planIdOn, type TariffRow } from '@peakwise/domain/tariff-history';
import { dateArray } from '../../lib/pg-array';
import { readTogether } from '../../db/read-together';
import type { DbOrTx } from '../../db/client';
import { byStart, hourlySumsSql, localHoursAreUtcHours, rawSumsSql } from './meter-rollups.repository';

/*
 * A day's electricity cost is the tariff engine's price of its grid import under the plan in
 * force that day (so a plan change never re-prices earlier days). Consumption covered by the
 * home's own solar costs nothing; export credits (net metering) are not modelled.
 *
 * The price is kept on the day's meter_daily row (cost_plan_id, cost_cents) and cleared by
 * whatever makes it wrong: ingest rewriting the day's sums, a time-zone change re-cutting the
 * days, a plan change (forgetPrices). A price present is the current one, so reads take it as
 * it is, and only days whose price was cleared are priced again, on the read that finds them
 * (decision 024).
 */

export type PricedHousehold = { id: string; timeZone: string; province: string };

/** The household's tariff rows (TariffRow), for reads that need them in the same statement. */
export const tariffHistorySql = (householdId: string) => sql`
  select t.plan_id as "planId", t.effective_from::text as "effectiveFrom" from household_tariffs t
  where t.household_id = ${householdId}::uuid order by t.effective_from`;

/**
 * Prices the given days (dates with meter data whose price was cleared) and keeps each price on
 * its day's row. Returns cents per date; null where the plan had no prices in force that day.
 *
 * Time-of-use needs the hour of each kWh; hourly rollups give it exactly, since no Ontario, BC,
 * Alberta or Québec plan has a boundary inside an hour (raw 5-minute rows where local days do not
 * start on a UTC hour). Each day is priced on its own: its own daily charge and, for tiered plans,
 * its prorated share of the tier-1 allowance (a monthly bill pools the allowance instead).
 */
export async function priceDays(db: DbOrTx, household: PricedHousehold, dates: readonly LocalDate[]): Promise<Map<LocalDate, number | null>> {
  const result = new Map<LocalDate, number | null>();
  if (dates.length === 0) return result;
  const days = [...new Set(dates)].sort().map((date) => localDay(date, household.timeZone));
  const from = days[0]!.start;
  const to = days[days.length - 1]!.end;
  // One statement, so one snapshot: the intervals priced, the plan history they are priced
  // under, the household's zone and each day row's version (xmin) describe the same moment.
  const read = await readTogether(db, {
    zone: sql`select time_zone as tz from households where id = ${household.id}::uuid`,
    history: tariffHistorySql(household.id),
    rows: sql`select local_date::text as d, xmin::text as v from meter_daily
      where household_id = ${household.id}::uuid and local_date = any(${dateArray(days.map((d) => d.date))}::date[]) and interval_count > 0`,
    intervals: localHoursAreUtcHours(household.timeZone, from, to) ? hourlySumsSql(household.id, from, to) : rawSumsSql(household.id, from, to),
  });
  const history = read.history as TariffRow[];
  const versions = new Map((read.rows as { d: string; v: string }[]).map((r) => [r.d, r.v]));
  const intervals = [...byStart(read.intervals)].map(([ms, s]) => ({ start: new Date(ms), kwh: s.gridImportKwh })).sort((a, b) => a.start.getTime() - b.start.getTime());

  const priced: PricedVersion[] = [];
  let next = 0;
  for (const day of days) {
    // Days and intervals are both in time order: one pass over the intervals.
    while (next < intervals.length && intervals[next]!.start < day.start) next += 1;
    const ofDay: MeteredInterval[] = [];
    while (next < intervals.length && intervals[next]!.start < day.end) ofDay.push(intervals[next++]!);
    const plan = planById(planIdOn(history, household.province, day.date) ?? '');
    let cents: number | null = null;
    try {
      if (plan) cents = priceIntervals(plan, ofDay, household.timeZone, undefined, { period: { start: day.start, end: day.end } }).totalCents;
    } catch {
      // No plan version in force that day (a date before the plan's first published prices).
      cents = null;
    }
    result.set(day.date, cents);
    const version = versions.get(day.date);
    if (plan && version !== undefined) priced.push({ d: day.date, v: version, plan: plan.id, cents });
  }

  // Days cut in a zone the household has since left are not kept at all.
  const zone = (read.zone as { tz: string }[])[0]?.tz;
  if (zone === household.timeZone) await keepPrices(db, household.id, priced);
  return result;
}

/** A day's price and the meter_daily row version (xmin, as text) it was computed from. */
export type PricedVersion = { d: LocalDate; v: string; plan: string; cents: number | null };

/**
 * Stores prices on the row versions they were computed from. If ingest rewrote a day, a plan
 * change cleared it or a time-zone change re-cut it since, its xmin differs and the price is
 * not stored (the next read prices the day again): no price outlives the data it was for.
 */
export async function keepPrices(db: DbOrTx, householdId: string, priced: readonly PricedVersion[]): Promise<void> {
  if (priced.length === 0) return;
  await db.execute(sql`
    update meter_daily m set cost_plan_id = r.plan, cost_cents = r.cents
    from json_to_recordset(${JSON.stringify(priced)}::json) as r(d date, v text, plan text, cents float8)
    where m.household_id = ${householdId}::uuid and m.local_date = r.d and m.xmin = r.v::xid`);
}

/**
 * Clears the prices a new tariff row can change: days from its first day on, or every day when
 * it is the household's first row (days before the first row take its plan).
 */
export async function forgetPrices(tx: DbOrTx, householdId: string, effectiveFrom: LocalDate): Promise<void> {
  await tx.execute(sql`
    update meter_daily set cost_plan_id = null, cost_cents = null
    where household_id = ${householdId}::uuid and cost_plan_id is not null
      and (local_date >= ${effectiveFrom}::date
        or not exists (select 1 from household_tariffs t where t.household_id = ${householdId}::uuid and t.effective_from < ${effectiveFrom}::date))`);
}
