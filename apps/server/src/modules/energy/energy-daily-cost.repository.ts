import { sql } from 'drizzle-orm';
import type { LocalDate } from '@peakwise/domain/local-time';
import type { TariffRow } from '@peakwise/domain/tariff-history';
import type { DbOrTx } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { writeHandle } from '../../db/replica-reads';
import { dateArray } from '../../lib/pg-array';
import { byStart, hourlySumsSql, localHoursAreUtcHours, rawSumsSql, type MeterSums } from './energy-rollups.repository';

/*
 * The daily-cost cache's SQL: a day's price is kept on its meter_daily row (cost_plan_id,
 * cost_cents) and cleared by whatever makes it wrong (decision 024).
 */

/** The household's tariff rows (TariffRow), for reads that need them in the same statement. */
export const tariffHistorySql = (householdId: string) => sql`
  select t.plan_id as "planId", t.effective_from::text as "effectiveFrom" from household_tariffs t
  where t.household_id = ${householdId}::uuid order by t.effective_from`;

/**
 * What pricing [from, to) needs, read in one statement, so one snapshot: the intervals priced,
 * the plan history they are priced under, the household's zone and each day row's version (xmin)
 * describe the same moment. Intervals are hourly rollups, or raw 5-minute rows where local hours
 * are not UTC hours.
 */
export async function readPricingInputs(db: DbOrTx, household: { id: string; timeZone: string }, dates: readonly LocalDate[], from: Date, to: Date) {
  const read = await readTogether(db, {
    zone: sql`select time_zone as tz from households where id = ${household.id}::uuid`,
    history: tariffHistorySql(household.id),
    rows: sql`select local_date::text as d, xmin::text as v from meter_daily
      where household_id = ${household.id}::uuid and local_date = any(${dateArray(dates)}::date[]) and interval_count > 0`,
    intervals: localHoursAreUtcHours(household.timeZone, from, to) ? hourlySumsSql(household.id, from, to) : rawSumsSql(household.id, from, to),
  });
  return {
    zone: (read.zone as { tz: string }[])[0]?.tz,
    history: read.history as TariffRow[],
    versions: new Map((read.rows as { d: string; v: string }[]).map((r) => [r.d, r.v])),
    intervals: byStart(read.intervals) as Map<number, MeterSums>,
  };
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
  // A screen read on the replica (decision 123) keeps its prices on the primary: xmin is the same
  // on both (physical replication), so the row-version check holds there as well.
  await writeHandle(db).execute(sql`
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
