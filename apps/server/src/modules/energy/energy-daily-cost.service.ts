import { localDay, type LocalDate } from '@peakwise/domain/local-time';
import { priceIntervals, type MeteredInterval } from '@peakwise/domain/tariff';
import { planById } from '@peakwise/domain/tariff-plans';
import { planIdOn } from '@peakwise/domain/tariff-history';
import type { DbOrTx } from '../../db/client';
import { keepPrices, readPricingInputs, type PricedVersion } from './energy-daily-cost.repository';

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
  const read = await readPricingInputs(db, household, days.map((d) => d.date), from, to);
  const { history, versions } = read;
  const intervals = [...read.intervals].map(([ms, s]) => ({ start: new Date(ms), kwh: s.gridImportKwh })).sort((a, b) => a.start.getTime() - b.start.getTime());

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
  if (read.zone === household.timeZone) await keepPrices(db, household.id, priced);
  return result;
}
