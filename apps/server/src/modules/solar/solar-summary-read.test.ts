import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solarSummarySchema, type SolarPeriod, type SolarSummary } from '@peakwise/contracts/energy.contract';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { readSolarSummary } from '../energy/energy-solar.repository';
import { intervals, local, memberWithHousehold, store } from '../energy/energy.test-helper';
import type { Household } from '../households/household.repository';
import { runReadingCompaction } from '../readings/reading-compaction.service';
import { solarPeriods } from './solar.service';

// The Solar screen's meter facts, read through the hourly rollups since issue 34, against the
// statement the screen ran before (meter_readings_span, kept here verbatim), over the same data:
// raw, then compacted, then with the first hour's readings dropped as retention would.

const MIN = 60_000;
const INTERVAL = 5 * MIN;

let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** The meter part of the statement before issue 34's change, as it was. */
const oldMeterSql = (householdId: string) => sql`
  select case when r.first_raw is null or r.first_hour < date_trunc('hour', r.first_raw) then r.first_hour else r.first_raw end as first_ts,
    (exists (select 1 from devices sd where sd.household_id = ${householdId}::uuid and sd.kind = 'solar_panel' and sd.removed_at is null)
      or exists (select 1 from meter_daily md where md.household_id = ${householdId}::uuid and (md.production_kwh > 0 or md.grid_export_kwh > 0))) as solar,
    (exists (select 1 from devices sd where sd.household_id = ${householdId}::uuid and sd.kind = 'solar_panel' and sd.removed_at is null)
      or exists (select 1 from meter_daily md where md.household_id = ${householdId}::uuid and md.production_kwh > 0)) as production
  from (select (select lo from meter_readings_span(${householdId}::uuid)) as first_raw,
    (select min(hour_start) from meter_hourly where household_id = ${householdId}::uuid) as first_hour) r`;

async function summary(member: Member, period: SolarPeriod): Promise<SolarSummary> {
  const res = await t.app.request(`/api/solar/summary?period=${period}`, { headers: asMember(member) });
  expect(res.status).toBe(200);
  return solarSummarySchema.parse(await res.json());
}

/**
 * The new read's meter facts against the old statement's. The first reading is used only as
 * max(first, start) for starts inside the current period, so where the new read gives its hour's
 * start (the hour ended before the period began) that must equal what the old exact reading gives.
 */
async function expectSameMeterFacts(household: Household, period: SolarPeriod) {
  const spans = solarPeriods(period, household.timeZone, now);
  const read = await readSolarSummary(t.database.db, household, period, { ...spans, seriesEnd: null });
  const [old] = rowsOf<{ first_ts: string | null; solar: boolean; production: boolean }>(await t.database.db.execute(oldMeterSql(household.id)));
  expect(read.meter.hasSolar).toBe(old!.solar);
  expect(read.meter.productionMeasured).toBe(old!.production);
  const oldFirst = old!.first_ts === null ? null : new Date(old!.first_ts);
  const from = spans.current.from.getTime();
  const seen = (d: Date | null) => (d === null ? null : Math.max(d.getTime(), from));
  expect(seen(read.meter.firstReadingAt)).toBe(seen(oldFirst));
  // Exact to the reading whenever it may lie inside the period.
  if (oldFirst !== null && oldFirst.getTime() + 60 * MIN > from) expect(read.meter.firstReadingAt?.toISOString()).toBe(oldFirst.toISOString());
  return { oldFirst, newFirst: read.meter.firstReadingAt };
}

async function compactAll(at: Date) {
  let after: string | null = null;
  for (;;) {
    const batch = await runReadingCompaction(t.database.db, at, after);
    if (!batch.more) return;
    after = batch.households.at(-1)!;
  }
}

describe('the Solar screen read through the hourly rollups gives the answers of the statement before', () => {
  it('a solar home over a week across the fall-back change, raw then compacted, its first reading off the hour inside the week', async () => {
    const { member, household } = await memberWithHousehold(t, { panel: 'solar_panel' });
    const meter = [
      // The meter's first reading: 07:25 EDT on Friday Oct 30 (11:25Z), seven intervals to 08:00.
      ...intervals(local('2026-10-30', 7, 25), 7, { consumptionKwh: 0.1, gridImportKwh: 0.1 }),
      ...intervals(local('2026-10-31', 12), 12, { productionKwh: 0.3, consumptionKwh: 0.1, gridExportKwh: 0.2 }),
      // Sunday Nov 1: the two 1 a.m. hours (EDT then EST).
      ...intervals(new Date('2026-11-01T05:00:00Z'), 12, { consumptionKwh: 0.05, gridImportKwh: 0.05 }),
      ...intervals(new Date('2026-11-01T06:00:00Z'), 12, { consumptionKwh: 0.07, gridImportKwh: 0.07 }),
      ...intervals(local('2026-11-02', 10), 12, { productionKwh: 0.2, consumptionKwh: 0.2 }),
      ...intervals(local('2026-11-03', 9), 12, { productionKwh: 0.25, consumptionKwh: 0.1, gridExportKwh: 0.15 }),
      ...intervals(local('2026-11-03', 14, 30), 1, { consumptionKwh: 0.4, gridImportKwh: 0.4 }),
    ];
    await store(t.database.db, household.id, { meter, devices: [{ device: 'panel', ts: local('2026-11-03', 9).toISOString(), powerW: 500, efficiency: 18 }] });

    const answers = async () => {
      const out: Record<string, SolarSummary> = {};
      // Tuesday Nov 3, 14:37 EST: the week is Oct 28 to Nov 3, its Nov 1 25 hours long.
      now = new Date('2026-11-03T19:37:00Z');
      for (const period of ['today', 'week'] as const) {
        out[period] = await summary(member, period);
        await expectSameMeterFacts(household, period);
      }
      // The first day, 09:00 EDT: the first reading lies inside today, 25 minutes into its hour.
      now = new Date('2026-10-30T13:00:00Z');
      out.firstDay = await summary(member, 'today');
      const first = await expectSameMeterFacts(household, 'today');
      expect(first.newFirst?.toISOString()).toBe('2026-10-30T11:25:00.000Z');
      // 23:59:59 EST on Nov 1.
      now = new Date('2026-11-02T04:59:59Z');
      out.fallBack = await summary(member, 'today');
      await expectSameMeterFacts(household, 'today');
      return out;
    };

    const raw = await answers();
    // By hand, from the readings as sent: the week expects intervals from the first reading
    // (11:25Z Oct 30) to the interval in progress (19:35Z Nov 3), none before it.
    expect(raw.week!.coverage).toEqual({ intervals: meter.length, expected: (Date.parse('2026-11-03T19:35:00Z') - Date.parse('2026-10-30T11:25:00Z')) / INTERVAL });
    // Oct 28 and 29 expect nothing; Oct 30 from 07:25 EDT to midnight (04:00Z); Nov 1 25 hours.
    expect(raw.week!.series.map((b) => b.coverage.expected)).toEqual([0, 0, (Date.parse('2026-10-31T04:00:00Z') - Date.parse('2026-10-30T11:25:00Z')) / INTERVAL, 288, 300, 288, 175]);
    expect(raw.week!.hasSolar).toBe(true);
    expect(raw.week!.totals.productionKwh).toBeCloseTo(12 * 0.3 + 12 * 0.2 + 12 * 0.25, 9);
    // The first day: 07:25 to 09:00 is 19 intervals; its 07:00 hour expects the 7 from 07:25.
    expect(raw.firstDay!.coverage).toEqual({ intervals: 7, expected: 19 });
    expect(raw.firstDay!.series.map((b) => b.coverage.expected)).toEqual([0, 0, 0, 0, 0, 0, 0, 7, 12]);
    expect(raw.fallBack!.series).toHaveLength(25);
    expect(raw.fallBack!.coverage.expected).toBe(25 * 12 - 1);

    // Every closed day compacted (the job run a month later), then the same answers.
    await compactAll(new Date('2026-12-15T12:00:00Z'));
    const [kept] = rowsOf<{ raw: number; days: number }>(
      await t.database.db.execute(sql`select (select count(*)::int from meter_readings where household_id = ${household.id}::uuid) as raw,
        (select count(*)::int from meter_reading_days where household_id = ${household.id}::uuid) as days`),
    );
    expect(kept).toEqual({ raw: 0, days: 5 });
    expect(await answers()).toEqual(raw);
  });

  it('a home without solar whose first hour was dropped by retention, and one whose meter started today', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-01-15T19:37:00Z'); // 14:37 EST
    // Nothing yet: no first reading, no solar, on either read.
    const none = await expectSameMeterFacts(household, 'today');
    expect(none).toEqual({ oldFirst: null, newFirst: null });

    // Connected at 10:25 today: the exact reading, 25 minutes into its hour.
    await store(t.database.db, household.id, { meter: intervals(local('2026-01-15', 10, 25), 19, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    const today = await summary(member, 'today');
    expect(today.hasSolar).toBe(false);
    expect(today.totals).toMatchObject({ productionKwh: null, gridExportKwh: null, netExportKwh: null });
    // 10:25 to 14:35 is 50 intervals; the 10:00 hour expects 7.
    expect(today.coverage).toEqual({ intervals: 19, expected: 50 });
    expect(today.series[10]!.coverage).toEqual({ intervals: 7, expected: 7 });
    for (const period of ['today', 'week'] as const) expect((await expectSameMeterFacts(household, period)).newFirst?.toISOString()).toBe(local('2026-01-15', 10, 25).toISOString());

    // The first hour's readings dropped (as retention drops a month), its rollup kept: on both
    // reads the hour's start stands for the first reading.
    await t.database.db.execute(sql`delete from meter_readings where household_id = ${household.id}::uuid and ts < ${local('2026-01-15', 11).toISOString()}::timestamptz`);
    const dropped = await expectSameMeterFacts(household, 'today');
    expect(dropped.newFirst?.toISOString()).toBe(local('2026-01-15', 10).toISOString());
    expect((await summary(member, 'today')).coverage.expected).toBe(55);
    await expectSameMeterFacts(household, 'week');
  });
});
