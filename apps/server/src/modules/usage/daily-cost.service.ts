import { asc, eq, sql } from 'drizzle-orm';
import type { ProvinceCode } from '@peakwise/domain/postal-code';
import { localDay, type LocalDate } from '@peakwise/domain/local-time';
import { priceIntervals, type MeteredInterval, type TariffPlan } from '@peakwise/domain/tariff';
import { planById, planForProvince } from '@peakwise/domain/tariff-plans';
import { householdTariffs } from '../../db/schema/household.schema';
import { rowsOf } from '../../lib/notify';
import type { DbOrTx } from '../households/household.service';
import { localHoursAreUtcHours, hourlySums, rawSums, type MeterSums } from './meter-rollups.repository';

export type PricedHousehold = { id: string; timeZone: string; province: string };

export type TariffRow = { planId: string; effectiveFrom: string };

/** The household's tariff rows, oldest first. */
export async function tariffHistory(db: DbOrTx, householdId: string): Promise<TariffRow[]> {
  return db
    .select({ planId: householdTariffs.planId, effectiveFrom: householdTariffs.effectiveFrom })
    .from(householdTariffs)
    .where(eq(householdTariffs.householdId, householdId))
    .orderBy(asc(householdTariffs.effectiveFrom));
}

/**
 * The plan id in force on a local date: the latest row starting on or before it. Days before the
 * first row (readings older than the household, e.g. a meter's history) get the plan the
 * household started on; a household without any row gets its province's default plan.
 */
export function planIdOn(history: readonly TariffRow[], province: string, date: LocalDate): string | null {
  let chosen = history[0]?.planId ?? planForProvince(province as ProvinceCode)?.id ?? null;
  for (const row of history) if (row.effectiveFrom <= date) chosen = row.planId;
  return chosen;
}

/**
 * Cost in cents of each local date's grid import, priced by the tariff engine under the plan in
 * force that day (so a plan change never re-prices earlier days). Consumption covered by the
 * home's own solar costs nothing; export credits (net metering) are not modelled.
 *
 * Pricing needs the hour of each kWh for time-of-use plans; hourly rollups give it exactly,
 * since no Ontario, BC, Alberta or Québec plan has a boundary inside an hour. Each day is priced
 * on its own (its own daily charge and, for tiered plans, its prorated share of the tier-1
 * allowance; a monthly bill pools the allowance over the period instead).
 *
 * Results are cached in meter_daily_costs and reused while the day's plan, interval count and
 * grid import are unchanged, so a year of history costs one indexed read once warm.
 * Days without data (or `daily` entries with 0 intervals) are null, never 0.
 */
export async function dailyCosts(
  db: DbOrTx,
  household: PricedHousehold,
  daily: ReadonlyMap<LocalDate, MeterSums>,
  /** What the caller has already read: tariffHistory(household), and the cached costs of these days. */
  known: { history?: readonly TariffRow[]; cached?: ReadonlyMap<LocalDate, CachedCost> } = {},
): Promise<Map<LocalDate, number | null>> {
  const result = new Map<LocalDate, number | null>();
  const dates = [...daily.keys()].filter((d) => (daily.get(d)?.intervalCount ?? 0) > 0).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return result;

  const history = known.history ?? (await tariffHistory(db, household.id));
  const cached =
    known.cached ??
    new Map(
      rowsOf<CachedCost & { d: string }>(
        await db.execute(sql`
          select local_date::text as d, plan_id as plan, interval_count as n, grid_import_kwh as imp, cost_cents as cents
          from meter_daily_costs where household_id = ${household.id}::uuid and local_date between ${first}::date and ${last}::date`),
      ).map((r) => [r.d, r]),
    );

  const stale: { date: LocalDate; plan: TariffPlan; sums: MeterSums }[] = [];
  for (const date of dates) {
    const sums = daily.get(date)!;
    const plan = planById(planIdOn(history, household.province, date) ?? '');
    const hit = cached.get(date);
    if (!plan) result.set(date, null);
    else if (hit && hit.plan === plan.id && hit.n === sums.intervalCount && hit.imp === sums.gridImportKwh) result.set(date, hit.cents);
    else stale.push({ date, plan, sums });
  }
  if (stale.length === 0) return result;

  const priced = await priceDays(db, household, stale);
  for (const p of priced) result.set(p.date, p.cents);
  const fresh = priced.filter((p) => p.cents !== null);
  if (fresh.length > 0) {
    // Written only while the household is still in the zone these days were cut and priced in:
    // a time-zone change committed meanwhile (it locks the row, so this waits for it) re-cuts
    // every day, and a cost of an old-zone day must not land on the new day of the same date.
    await db.execute(sql`
      with zone as (select 1 from households where id = ${household.id}::uuid and time_zone = ${household.timeZone} for share)
      insert into meter_daily_costs as t (household_id, local_date, plan_id, interval_count, grid_import_kwh, cost_cents, computed_at)
      select ${household.id}::uuid, r.d, r.plan, r.n, r.imp, r.cents, now()
      from json_to_recordset(${JSON.stringify(fresh.map((p) => ({ d: p.date, plan: p.planId, n: p.intervalCount, imp: p.gridImportKwh, cents: p.cents })))}::json)
        as r(d date, plan text, n int, imp float8, cents float8)
      where exists (select 1 from zone)
      on conflict (household_id, local_date) do update set plan_id = excluded.plan_id, interval_count = excluded.interval_count,
        grid_import_kwh = excluded.grid_import_kwh, cost_cents = excluded.cost_cents, computed_at = excluded.computed_at`);
  }
  return result;
}

/**
 * Drops every cached cost of the household. A time-zone change calls it: days are cut again, so
 * no cached basis is meaningful any more (a re-cut day can even keep its interval count and
 * import while its hours, hence its time-of-use price, moved). The next read re-prices.
 */
export async function forgetDailyCosts(tx: DbOrTx, householdId: string): Promise<number> {
  const removed = await tx.execute(sql`with gone as (delete from meter_daily_costs where household_id = ${householdId}::uuid returning 1) select count(*)::int as n from gone`);
  return rowsOf<{ n: number }>(removed)[0]?.n ?? 0;
}

/** A meter_daily_costs row: the price of a day and the basis it was computed on. */
export type CachedCost = { plan: string; n: number; imp: number; cents: number };

type PricedDay = { date: LocalDate; planId: string; intervalCount: number; gridImportKwh: number; cents: number | null };

async function priceDays(db: DbOrTx, household: PricedHousehold, days: { date: LocalDate; plan: TariffPlan; sums: MeterSums }[]): Promise<PricedDay[]> {
  const bounds = days.map((d) => ({ ...d, day: localDay(d.date, household.timeZone) }));
  const from = bounds[0]!.day.start;
  const to = bounds[bounds.length - 1]!.day.end;
  // Hourly rollups, or raw 5-minute rows where local days do not start on a UTC hour.
  const rows = localHoursAreUtcHours(household.timeZone, from, to)
    ? await hourlySums(db, household.id, from, to)
    : await rawSums(db, household.id, from, to);
  const intervals = [...rows].map(([ms, s]) => ({ start: new Date(ms), kwh: s.gridImportKwh })).sort((a, b) => a.start.getTime() - b.start.getTime());

  let next = 0;
  return bounds.map(({ date, plan, sums, day }) => {
    // Days and intervals are both in time order: one pass over the intervals.
    while (next < intervals.length && intervals[next]!.start < day.start) next += 1;
    const ofDay: MeteredInterval[] = [];
    while (next < intervals.length && intervals[next]!.start < day.end) ofDay.push(intervals[next++]!);
    let cents: number | null = null;
    try {
      cents = priceIntervals(plan, ofDay, household.timeZone, undefined, { period: { start: day.start, end: day.end } }).totalCents;
    } catch {
      // No plan version in force that day (a date before the plan's first published prices).
      cents = null;
    }
    return { date, planId: plan.id, intervalCount: sums.intervalCount, gridImportKwh: sums.gridImportKwh, cents };
  });
}
