import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { changeTariff } from '../households/household.service';
import { priceDays } from './energy-daily-cost.service';
import { keepPrices } from './energy-daily-cost.repository';
import { intervals, local, memberWithHousehold, store } from './energy.test-helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = async <T>(query: SQL) => rowsOf<T>(await t.database.db.execute(query));
type Price = { d: string; plan: string | null; cents: number | null };
const prices = (householdId: string) =>
  q<Price>(sql`select local_date::text as d, cost_plan_id as plan, cost_cents as cents from meter_daily where household_id = ${householdId}::uuid order by 1`);
const version = async (householdId: string, date: string) =>
  (await q<{ v: string }>(sql`select xmin::text as v from meter_daily where household_id = ${householdId}::uuid and local_date = ${date}::date`))[0]!.v;

// Ontario TOU from 2025-11-01, weekends and holidays all off-peak: 9.8 ¢/kWh.
const SATURDAY = '2026-01-17';
const SUNDAY = '2026-01-18';
const oneKwhAt8 = (date: string) => intervals(local(date, 8), 10, { consumptionKwh: 0.1, gridImportKwh: 0.1 });

describe('day prices on meter_daily', () => {
  it('prices a day once and keeps the price on its row until its sums change', async () => {
    const { household } = await memberWithHousehold(t);
    await changeTariff(t.database.db, household.id, 'on-tou', '2025-11-01');
    await store(t.database.db, household.id, { meter: [...oneKwhAt8(SATURDAY), ...oneKwhAt8(SUNDAY)] });
    expect(await prices(household.id)).toEqual([
      { d: SATURDAY, plan: null, cents: null },
      { d: SUNDAY, plan: null, cents: null },
    ]);

    const priced = await priceDays(t.database.db, household, [SATURDAY, SUNDAY]);
    expect(priced.get(SATURDAY)).toBeCloseTo(9.8, 9);
    expect((await prices(household.id)).map((p) => [p.d, p.plan, p.cents?.toFixed(6)])).toEqual([
      [SATURDAY, 'on-tou', (9.8).toFixed(6)],
      [SUNDAY, 'on-tou', (9.8).toFixed(6)],
    ]);

    // A late reading on Sunday rewrites Sunday's sums and clears its price; Saturday keeps its own.
    await store(t.database.db, household.id, { meter: intervals(local(SUNDAY, 9), 10, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    expect((await prices(household.id)).map((p) => [p.d, p.plan])).toEqual([
      [SATURDAY, 'on-tou'],
      [SUNDAY, null],
    ]);
  });

  it('stores a price only on the row version it was computed from', async () => {
    const { household } = await memberWithHousehold(t);
    await store(t.database.db, household.id, { meter: oneKwhAt8(SATURDAY) });
    const priced = await version(household.id, SATURDAY);
    // Ingest rewrites the day after it was priced (a reading landing while a read priced it).
    await store(t.database.db, household.id, { meter: intervals(local(SATURDAY, 9), 1, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    await keepPrices(t.database.db, household.id, [{ d: SATURDAY, v: priced, plan: 'on-tou', cents: 9.8 }]);
    expect(await prices(household.id)).toEqual([{ d: SATURDAY, plan: null, cents: null }]);

    await keepPrices(t.database.db, household.id, [{ d: SATURDAY, v: await version(household.id, SATURDAY), plan: 'on-tou', cents: 10.78 }]);
    expect(await prices(household.id)).toEqual([{ d: SATURDAY, plan: 'on-tou', cents: 10.78 }]);
  });

  it('a plan change clears the prices of the days it covers, and only those', async () => {
    const { household } = await memberWithHousehold(t);
    const OCTOBER = '2025-10-15';
    await changeTariff(t.database.db, household.id, 'on-tou', '2025-11-01');
    await store(t.database.db, household.id, { meter: [...oneKwhAt8(OCTOBER), ...oneKwhAt8(SATURDAY), ...oneKwhAt8(SUNDAY)] });
    await priceDays(t.database.db, household, [OCTOBER, SATURDAY, SUNDAY]);
    // October is before the first row: it takes that row's plan.
    expect((await prices(household.id)).map((p) => p.plan)).toEqual(['on-tou', 'on-tou', 'on-tou']);

    await changeTariff(t.database.db, household.id, 'on-tiered', SUNDAY);
    expect((await prices(household.id)).map((p) => p.plan)).toEqual(['on-tou', 'on-tou', null]);
    // Sunday is priced under the new plan from then on: tier 1, 12.0 ¢/kWh.
    expect((await priceDays(t.database.db, household, [SUNDAY])).get(SUNDAY)).toBeCloseTo(12.0, 9);

    // A new first row decides the plan of every day before it too.
    await changeTariff(t.database.db, household.id, 'on-ulo', '2025-10-20');
    expect((await prices(household.id)).map((p) => p.plan)).toEqual([null, null, null]);
  });
});
