import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageHistorySchema, usageSummarySchema, type UsageHistory } from '@peakwise/contracts/energy.contract';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { changeTariff } from '../households/household.service';
import { intervals, local, memberWithHousehold, store } from '../energy/energy.test-helper';
import { USAGE_CSV_HEADER } from './usage.csv';

let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function history(member: Member, range: 7 | 30 | 365): Promise<UsageHistory> {
  const res = await t.app.request(`/api/usage/history?range=${range}`, { headers: asMember(member) });
  expect(res.status).toBe(200);
  return usageHistorySchema.parse(await res.json());
}

// Ontario TOU from 2025-11-01 (winter, weekdays): off-peak 9.8, mid-peak 15.7, on-peak 20.3 ¢/kWh.
const thursdayTou = (date: string) => [
  ...intervals(local(date, 8), 12, { consumptionKwh: 0.1, gridImportKwh: 0.1 }), // on-peak: 1.2 kWh × 20.3 = 24.36 ¢
  ...intervals(local(date, 12), 12, { consumptionKwh: 0.05, gridImportKwh: 0.05 }), // mid-peak: 0.6 × 15.7 = 9.42 ¢
  ...intervals(local(date, 20), 12, { consumptionKwh: 0.3, productionKwh: 0.1, gridImportKwh: 0.2 }), // off-peak import 2.4 × 9.8 = 23.52 ¢
];

describe('GET /api/usage/history', () => {
  it('prices each day with the tariff in force that day; a plan change leaves earlier days alone', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-01-17T17:00:00Z'); // Saturday noon
    // The household (created today, for real) has been on Ontario TOU since November.
    await changeTariff(t.database.db, household.id, 'on-tou', '2025-11-01');
    await store(t.database.db, household.id, { meter: [...thursdayTou('2026-01-15'), ...thursdayTou('2026-01-16')] });

    const before = await history(member, 7);
    expect(before.days.map((d) => d.date)).toEqual(['2026-01-11', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-17']);
    const thursday = before.days[4]!;
    expect(thursday.kwh).toBeCloseTo(1.2 + 0.6 + 3.6, 9);
    // Only grid import is paid for: 24.36 + 9.42 + 23.52.
    expect(thursday.costCents).toBeCloseTo(57.3, 9);
    expect(thursday.coverage).toEqual({ intervals: 36, expected: 288 });
    expect(before.days[5]!.costCents).toBeCloseTo(57.3, 9);
    // A day without data is missing, not free.
    expect(before.days[0]).toEqual({ date: '2026-01-11', kwh: null, costCents: null, coverage: { intervals: 0, expected: 288 } });
    expect(before.days[6]!.coverage.expected).toBe(144);

    // From Friday on: Ontario tiered, 12.0 ¢ for tier 1 (1000/31 kWh a January day covers it all).
    await changeTariff(t.database.db, household.id, 'on-tiered', '2026-01-16');
    const after = await history(member, 7);
    expect(after.days[4]!.costCents).toBeCloseTo(57.3, 9);
    expect(after.days[5]!.costCents).toBeCloseTo((1.2 + 0.6 + 2.4) * 12.0, 9);
    expect(after.totalCostCents).toBeCloseTo(57.3 + 4.2 * 12.0, 9);
    expect(after.totalKwh).toBeCloseTo(10.8, 9);
  });

  it('re-prices a cached day when a late reading arrives, and prices a holiday as off-peak', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-02-17T17:00:00Z');
    // Family Day (Monday 2026-02-16) is an Ontario holiday: 8 a.m. is off-peak.
    await store(t.database.db, household.id, { meter: intervals(local('2026-02-16', 8), 6, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    expect((await history(member, 7)).days[5]!.costCents).toBeCloseTo(0.6 * 9.8, 9);
    const cached = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select interval_count as n from meter_daily where household_id = ${household.id}::uuid and cost_plan_id is not null`),
    );
    expect(cached).toEqual([{ n: 6 }]);
    await store(t.database.db, household.id, { meter: intervals(local('2026-02-16', 8, 30), 6, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    expect((await history(member, 7)).days[5]!.costCents).toBeCloseTo(1.2 * 9.8, 9);
  });

  it('breaks consumption down by device kind plus untracked; panels and the water meter are not consumption', async () => {
    const { member, household } = await memberWithHousehold(t, { fridge: 'smart_plug', lamp: 'lighting', 'panel-1': 'solar_panel', water: 'water_meter' });
    now = new Date('2026-01-15T20:00:00Z');
    const at = (m: number) => local('2026-01-15', 10, m).toISOString();
    await store(t.database.db, household.id, {
      meter: intervals(local('2026-01-15', 10), 2, { consumptionKwh: 0.5, gridImportKwh: 0.5 }),
      devices: [
        { device: 'fridge', ts: at(0), energyKwh: 0.1 },
        { device: 'fridge', ts: at(5), energyKwh: 0.2 },
        { device: 'lamp', ts: at(0), energyKwh: 0.05 },
        { device: 'panel-1', ts: at(0), energyKwh: 0.4 },
        { device: 'water', ts: at(0), energyKwh: 0, metrics: { litres: 12 } },
      ],
    });
    const h = await history(member, 7);
    expect(h.breakdown.map((b) => b.category)).toEqual(['smart_plug', 'lighting', 'untracked']);
    expect(h.breakdown[0]!.kwh).toBeCloseTo(0.3, 9);
    expect(h.breakdown[1]!.kwh).toBeCloseTo(0.05, 9);
    expect(h.breakdown[2]!.kwh).toBeCloseTo(0.65, 9);
    expect(h.breakdown.reduce((s, b) => s + b.kwh, 0)).toBeCloseTo(h.totalKwh!, 9);

    // Devices adding up to more than the meter are scaled down to it; untracked is never negative.
    await store(t.database.db, household.id, { devices: [{ device: 'fridge', ts: at(10), energyKwh: 1.5 }] });
    const over = await history(member, 7);
    expect(over.breakdown.find((b) => b.category === 'untracked')!.kwh).toBe(0);
    expect(over.breakdown.reduce((s, b) => s + b.kwh, 0)).toBeCloseTo(1, 9);
    expect(over.breakdown[0]!.kwh).toBeCloseTo((1.8 / 1.85) * 1, 9);
  });

  it('exports the same days as CSV: header, one row per day, missing values empty', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-01-17T17:00:00Z');
    await store(t.database.db, household.id, { meter: thursdayTou('2026-01-15') });
    const json = await history(member, 7);
    const res = await t.app.request('/api/usage/export.csv?range=7', { headers: asMember(member) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="peakwise-usage-7d-2026-01-17.csv"');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(USAGE_CSV_HEADER.join(','));
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('2026-01-11,,,0,288');
    expect(lines[5]).toBe('2026-01-15,5.400,0.57,36,288');
    const row = json.days[4]!;
    expect(Number(lines[5]!.split(',')[1])).toBeCloseTo(row.kwh!, 3);
    expect(Number(lines[5]!.split(',')[2])).toBe(Math.round(row.costCents!) / 100);
  });

  it('refuses a range other than 7, 30 or 365', async () => {
    const { member } = await memberWithHousehold(t);
    expect((await t.app.request('/api/usage/history?range=8', { headers: asMember(member) })).status).toBe(400);
    expect((await t.app.request('/api/usage/export.csv?range=abc', { headers: asMember(member) })).status).toBe(400);
    const year = await history(member, 365);
    expect(year.days).toHaveLength(365);
    expect(year.totalKwh).toBeNull();
    expect(year.breakdown).toEqual([]);
  });
});

describe('GET /api/usage/summary', () => {
  it('month so far, daily average of complete days, change against the same days of last month', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-02-03T17:00:00Z'); // Feb 3, noon
    const one = (date: string, kwh: number) => intervals(local(date, 9), 1, { consumptionKwh: kwh, gridImportKwh: kwh });
    await store(t.database.db, household.id, {
      meter: [...one('2026-01-01', 2), ...one('2026-01-02', 3), ...one('2026-01-20', 5), ...one('2026-02-01', 4), ...one('2026-02-02', 6), ...one('2026-02-03', 1)],
    });
    const res = await t.app.request('/api/usage/summary', { headers: asMember(member) });
    expect(res.status).toBe(200);
    const s = usageSummarySchema.parse(await res.json());
    expect(s.month).toMatchObject({ start: '2026-02-01', kwh: 11, days: 3 });
    // 9 a.m. on a winter weekday is on-peak (20.3 ¢); Sunday Feb 1 is off-peak (9.8 ¢).
    expect(s.month.costCents).toBeCloseTo(4 * 9.8 + 7 * 20.3, 9);
    // The card's "same days last month" is Jan 1–2 only (2 + 3), not all of January (10).
    expect(s.sameDaysLastMonthKwh).toBe(5);
    // Feb 1–2 (10 kWh) against Jan 1–2 (5 kWh). Jan 1 is a holiday, which does not matter for kWh.
    expect(s.changeVsLastMonthPct).toBeCloseTo(100, 9);
    // Complete days of this month with readings: Feb 1 and 2 (Jan 20 is last month's).
    expect(s.dailyAverageKwh).toBeCloseTo(5, 9);
    expect(s.tariffPlanId).toBe('on-tou');
  });

  it('daily average counts only this month’s complete days that have readings; on the 1st there are none', async () => {
    const { member, household } = await memberWithHousehold(t);
    const one = (date: string, kwh: number) => intervals(local(date, 9), 1, { consumptionKwh: kwh, gridImportKwh: kwh });
    // Jan 31 (last month) is heavy; Feb 2 has no readings; Feb 4 is today and partial.
    now = new Date('2026-02-04T17:00:00Z');
    await store(t.database.db, household.id, { meter: [...one('2026-01-31', 9), ...one('2026-02-01', 3), ...one('2026-02-03', 7), ...one('2026-02-04', 10)] });
    const s = usageSummarySchema.parse(await (await t.app.request('/api/usage/summary', { headers: asMember(member) })).json());
    expect(s.dailyAverageKwh).toBeCloseTo((3 + 7) / 2, 9);
    now = new Date('2026-02-01T17:00:00Z');
    const first = usageSummarySchema.parse(await (await t.app.request('/api/usage/summary', { headers: asMember(member) })).json());
    expect(first.dailyAverageKwh).toBeNull();
    expect(first.sameDaysLastMonthKwh).toBeNull();
  });
  it('change vs last month pairs the same day numbers that have readings on both sides, never 30 days against 28', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-03-31T16:00:00Z'); // March 31, noon
    // One reading a day at 9 a.m.: February 1–28 at 2 kWh; March 1–30 at 3 kWh except March 5,
    // which the meter missed; February 10 is missing too; today (March 31) is partial.
    const feb = Array.from({ length: 28 }, (_, i) => i + 1).filter((n) => n !== 10);
    const mar = Array.from({ length: 30 }, (_, i) => i + 1).filter((n) => n !== 5);
    const day = (month: string, n: number) => `2026-${month}-${String(n).padStart(2, '0')}`;
    const one = (date: string, kwh: number) => intervals(local(date, 9), 1, { consumptionKwh: kwh, gridImportKwh: kwh });
    await store(t.database.db, household.id, {
      meter: [...feb.flatMap((n) => one(day('02', n), 2)), ...mar.flatMap((n) => one(day('03', n), 3)), ...one('2026-03-31', 7)],
    });
    // Expected, from the rows stored: day numbers 1–28 (February has no 29–31), present in both months.
    const paired = feb.filter((n) => mar.includes(n));
    expect(paired).toHaveLength(26);
    const raw = rowsOf<{ d: string; kwh: number }>(
      await t.database.db.execute(
        sql`select to_char((ts at time zone 'America/Toronto')::date, 'YYYY-MM-DD') as d, sum(consumption_kwh)::float8 as kwh from meter_readings where household_id = ${household.id}::uuid group by 1`,
      ),
    );
    const kwhOn = new Map(raw.map((r) => [r.d, r.kwh]));
    const thisSide = paired.reduce((s, n) => s + kwhOn.get(day('03', n))!, 0);
    const lastSide = paired.reduce((s, n) => s + kwhOn.get(day('02', n))!, 0);
    const finished = mar.map((n) => kwhOn.get(day('03', n))!);

    const s = usageSummarySchema.parse(await (await t.app.request('/api/usage/summary', { headers: asMember(member) })).json());
    expect(s.sameDaysLastMonthKwh).toBeCloseTo(lastSide, 9); // 52, not 54
    expect(s.changeVsLastMonthPct).toBeCloseTo(((thisSide - lastSide) / lastSide) * 100, 9); // +50 %
    expect(s.month.kwh).toBeCloseTo(finished.reduce((a, b) => a + b, 0) + 7, 9);
    expect(s.dailyAverageKwh).toBeCloseTo(finished.reduce((a, b) => a + b, 0) / finished.length, 9);
  });
});
