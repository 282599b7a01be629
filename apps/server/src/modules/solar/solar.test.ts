import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, solarSummarySchema, type SolarSummary } from '@peakwise/contracts/energy.contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { intervals, local, memberWithHousehold, store } from '../energy/energy.test-helper';

let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function summary(member: Member, period: 'today' | 'week'): Promise<SolarSummary> {
  const res = await t.app.request(`/api/solar/summary?period=${period}`, { headers: asMember(member) });
  expect(res.status).toBe(200);
  return solarSummarySchema.parse(await res.json());
}

describe('GET /api/solar/summary?period=today', () => {
  it('totals, previous-period changes, ratios, hourly buckets with missing hours null, and panel health — by hand', async () => {
    const { member, household } = await memberWithHousehold(t, { 'panel-a': 'solar_panel', 'panel-b': 'solar_panel' });
    const db = t.database.db;
    // Thursday 2026-01-15, Toronto (EST, UTC−5). Now is 14:37 local.
    now = new Date('2026-01-15T19:37:00Z');
    await store(db, household.id, {
      meter: [
        // 10:00–11:55: 24 intervals producing 0.1, using 0.05, exporting 0.05 → 2.4 / 1.2 / 0 / 1.2.
        ...intervals(local('2026-01-15', 10), 24, { productionKwh: 0.1, consumptionKwh: 0.05, gridExportKwh: 0.05 }),
        // 12:00–12:55: 12 intervals importing 0.1 → consumption and import 1.2.
        ...intervals(local('2026-01-15', 12), 12, { consumptionKwh: 0.1, gridImportKwh: 0.1 }),
        // 14:00–14:30: the current hour so far (7 complete intervals).
        ...intervals(local('2026-01-15', 14), 7, {}),
        // Yesterday 10:00–11:55 produce 0.05 and use 0.05 (1.2 / 1.2) …
        ...intervals(local('2026-01-14', 10), 24, { productionKwh: 0.05, consumptionKwh: 0.05 }),
        // … and 15:00 yesterday lies after "the same time yesterday": not in the previous period.
        ...intervals(local('2026-01-14', 15), 12, { productionKwh: 1, consumptionKwh: 1 }),
      ],
      devices: [
        { device: 'panel-a', ts: local('2026-01-15', 10).toISOString(), powerW: 600, efficiency: 90 },
        { device: 'panel-a', ts: local('2026-01-15', 10, 5).toISOString(), powerW: 600, efficiency: 80 },
        { device: 'panel-b', ts: local('2026-01-15', 10).toISOString(), powerW: 0 },
      ],
    });

    const s = await summary(member, 'today');
    expect(s).toMatchObject({ period: 'today', bucket: 'hour', timeZone: 'America/Toronto', from: '2026-01-15T05:00:00.000Z', to: now.toISOString(), hasSolar: true, productionMeasured: true });
    expect(s.totals.productionKwh).toBeCloseTo(2.4, 9);
    expect(s.totals.consumptionKwh).toBeCloseTo(2.4, 9);
    expect(s.totals.gridImportKwh).toBeCloseTo(1.2, 9);
    expect(s.totals.gridExportKwh).toBeCloseTo(1.2, 9);
    expect(s.totals.netExportKwh).toBeCloseTo(0, 9);
    expect(s.previousTotals.productionKwh).toBeCloseTo(1.2, 9);
    expect(s.previousTotals.consumptionKwh).toBeCloseTo(1.2, 9);
    expect(s.productionChangePct).toBeCloseTo(100, 9);
    expect(s.consumptionChangePct).toBeCloseTo(100, 9);
    // 2.4 ÷ (2.4 + 1.2) and (1 − 1.2 ÷ 2.4).
    expect(s.systemEfficiencyPct).toBeCloseTo(66.6667, 3);
    expect(s.gridIndependencePct).toBeCloseTo(50, 9);
    // Panel A: mean of 90 and 80 in its one hour; panel B reported no efficiency: left out.
    expect(s.panels).toEqual([
      { id: expect.any(String), name: 'panel-a', status: 'operational', efficiencyPct: 85 },
      { id: expect.any(String), name: 'panel-b', status: 'operational', efficiencyPct: null },
    ]);
    expect(s.systemHealthPct).toBe(85);
    expect(s.panelEfficiencyPct).toBe(85);

    // 00:00 … 14:00 local: 15 buckets; an hour without data is null, not 0.
    expect(s.series).toHaveLength(15);
    expect(s.series[0]).toEqual({ start: '2026-01-15T05:00:00.000Z', productionKwh: null, consumptionKwh: null, coverage: { intervals: 0, expected: 12 } });
    expect(s.series[10]!.productionKwh).toBeCloseTo(1.2, 9);
    expect(s.series[10]!.coverage).toEqual({ intervals: 12, expected: 12 });
    expect(s.series[14]).toEqual({ start: '2026-01-15T19:00:00.000Z', productionKwh: 0, consumptionKwh: 0, coverage: { intervals: 7, expected: 7 } });
    // 14 h 35 min of complete intervals since midnight.
    expect(s.coverage).toEqual({ intervals: 43, expected: 175 });
  });

  it('has 25 hourly buckets on the fall-back day and 23 on the spring-forward day (Toronto), the repeated 1 a.m. twice', async () => {
    const { member, household } = await memberWithHousehold(t);
    // 2026-11-01 01:00 EDT (05:00Z) and 01:00 EST (06:00Z) are two different hours.
    await store(t.database.db, household.id, {
      meter: [...intervals(new Date('2026-11-01T05:00:00Z'), 1, { consumptionKwh: 0.5 }), ...intervals(new Date('2026-11-01T06:00:00Z'), 1, { consumptionKwh: 0.7 })],
    });
    now = new Date('2026-11-02T04:59:59Z'); // 23:59:59 EST on Nov 1
    const fall = await summary(member, 'today');
    expect(fall.series).toHaveLength(25);
    expect(fall.series.map((b) => b.consumptionKwh).slice(0, 3)).toEqual([null, 0.5, 0.7]);
    // The day holds 25 hours (the last interval still in progress), but the meter first reported
    // at the first 01:00: the hour before it is not missing readings (decision 087).
    expect(fall.coverage.expected).toBe(25 * 12 - 1 - 12);
    expect(fall.series[0]!.coverage).toEqual({ intervals: 0, expected: 0 });

    now = new Date('2026-03-09T03:59:59Z'); // 23:59:59 EDT on Mar 8
    const spring = await summary(member, 'today');
    expect(spring.series).toHaveLength(23);
    expect(spring.from).toBe('2026-03-08T05:00:00.000Z');
  });

  it('a previous period with zero (or no) production gives a null change, never Infinity', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-06-10T18:00:00Z');
    await store(t.database.db, household.id, {
      meter: [
        ...intervals(local('2026-06-10', 9), 12, { productionKwh: 0.2, consumptionKwh: 0.1, gridExportKwh: 0.1 }),
        ...intervals(local('2026-06-09', 9), 12, { productionKwh: 0, consumptionKwh: 0.1, gridImportKwh: 0.1 }),
      ],
    });
    const s = await summary(member, 'today');
    // No panel device, but the meter has reported production: the home has solar.
    expect(s.hasSolar).toBe(true);
    expect(s.previousTotals.productionKwh).toBe(0);
    expect(s.productionChangePct).toBeNull();
    expect(s.consumptionChangePct).toBeCloseTo(0, 9);
    expect(s.systemHealthPct).toBeNull();
  });

  it('a home whose panels show only as export (a Green Button file: no production column, no panel) has solar', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-06-10T18:00:00Z'); // 14:00 EDT
    await store(t.database.db, household.id, {
      meter: [
        // 06:00–06:55 bought 0.1 an interval; 10:00–10:55 sold 0.05 an interval. The file knows
        // only the grid: use is import, production 0.
        ...intervals(local('2026-06-10', 6), 12, { consumptionKwh: 0.1, gridImportKwh: 0.1 }),
        ...intervals(local('2026-06-10', 10), 12, { gridExportKwh: 0.05 }),
      ],
    });
    for (const period of ['today', 'week'] as const) {
      const s = await summary(member, period);
      expect(s.hasSolar).toBe(true);
      // By hand: import 12 × 0.1 = 1.2, export 12 × 0.05 = 0.6, net export 0.6 − 1.2 = −0.6.
      expect(s.totals.gridExportKwh).toBeCloseTo(0.6, 9);
      expect(s.totals.netExportKwh).toBeCloseTo(-0.6, 9);
      // Nothing measures its production: unknown, not 0, and so are the figures built on it and
      // on whole use (the file's "use" is only its import).
      expect(s.productionMeasured).toBe(false);
      expect(s.totals.productionKwh).toBeNull();
      expect(s.previousTotals.productionKwh).toBeNull();
      expect(s.productionChangePct).toBeNull();
      expect(s.systemEfficiencyPct).toBeNull();
      expect(s.gridIndependencePct).toBeNull();
      expect(s.series.every((b) => b.productionKwh === null)).toBe(true);
    }
  });
});

describe('GET /api/solar/summary?period=week', () => {
  it('seven local-day buckets from daily rollups, a missing day null, compared with the seven days before', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-01-15T19:37:00Z');
    const days = ['2026-01-09', '2026-01-10', '2026-01-11', '2026-01-12', '2026-01-13', '2026-01-15'];
    await store(t.database.db, household.id, {
      meter: [
        ...days.flatMap((d) => intervals(local(d, 11), 12, { productionKwh: 0.1, consumptionKwh: 0.1 })),
        // The week before: only 2026-01-05 has data.
        ...intervals(local('2026-01-05', 11), 12, { productionKwh: 0.2, consumptionKwh: 0.1 }),
        // 2026-01-08 at 15:00 is after "the same time" 7 days ago: outside the previous period.
        ...intervals(local('2026-01-08', 15), 12, { productionKwh: 5, consumptionKwh: 5 }),
      ],
    });
    const s = await summary(member, 'week');
    expect(s.bucket).toBe('day');
    expect(s.from).toBe('2026-01-09T05:00:00.000Z');
    expect(s.series.map((b) => b.start)).toEqual(['09', '10', '11', '12', '13', '14', '15'].map((d) => `2026-01-${d}T05:00:00.000Z`));
    expect(s.series[5]).toEqual({ start: '2026-01-14T05:00:00.000Z', productionKwh: null, consumptionKwh: null, coverage: { intervals: 0, expected: 288 } });
    expect(s.series[6]!.coverage).toEqual({ intervals: 12, expected: 175 });
    expect(s.totals.productionKwh).toBeCloseTo(7.2, 9);
    expect(s.previousTotals.productionKwh).toBeCloseTo(2.4, 9);
    expect(s.productionChangePct).toBeCloseTo(200, 9);
    expect(s.consumptionChangePct).toBeCloseTo(500, 9);
    expect(s.coverage).toEqual({ intervals: 72, expected: 6 * 288 + 175 });
  });

  it('a panel’s week efficiency is the mean of its raw samples, whatever mix of reporting and silent intervals the days hold', async () => {
    // Each run: random days of samples, each interval reporting an efficiency or not (night, a
    // dropped field). Weighting daily means by all intervals, not by samples, drifts from this.
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.option(fc.integer({ min: 50, max: 99 }), { nil: null, freq: 3 }), { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 5 }),
        async (days) => {
          const { member, household } = await memberWithHousehold(t, { panel: 'solar_panel' });
          now = new Date('2026-01-15T19:37:00Z');
          const devices = days.flatMap((samples, d) =>
            samples.map((efficiency, i) => ({
              device: 'panel',
              ts: new Date(local(`2026-01-1${d}`, 8).getTime() + i * 5 * 60_000).toISOString(),
              powerW: 100,
              ...(efficiency === null ? {} : { efficiency }),
            })),
          );
          await store(t.database.db, household.id, { devices });
          const raw = days.flat().filter((e): e is number => e !== null);
          const [panel] = (await summary(member, 'week')).panels;
          if (raw.length === 0) expect(panel!.efficiencyPct).toBeNull();
          else expect(panel!.efficiencyPct).toBeCloseTo(raw.reduce((a, b) => a + b, 0) / raw.length, 6);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('a home without solar', () => {
  it('a new member without panels: no solar, no net export or ratios, and no missing readings before the meter’s first', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-01-15T19:37:00Z'); // 14:37 EST
    // Before any reading: nothing produced, nothing expected.
    const empty = await summary(member, 'today');
    expect(empty.hasSolar).toBe(false);
    expect(empty.coverage).toEqual({ intervals: 0, expected: 0 });
    expect(empty.series.every((b) => b.coverage.expected === 0)).toBe(true);

    // The meter is connected at 10:00 and reports an hour of consumption, all bought: 12 × 0.1.
    await store(t.database.db, household.id, { meter: intervals(local('2026-01-15', 10), 12, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    const s = await summary(member, 'today');
    expect(s.hasSolar).toBe(false);
    expect(s.totals.consumptionKwh).toBeCloseTo(1.2, 9);
    expect(s.totals.gridImportKwh).toBeCloseTo(1.2, 9);
    // Not "−1.2 kWh net export" nor 0 % efficiencies: a home without panels has none of these.
    expect(s.totals).toMatchObject({ productionKwh: null, gridExportKwh: null, netExportKwh: null });
    expect(s).toMatchObject({ systemHealthPct: null, panelEfficiencyPct: null, systemEfficiencyPct: null, gridIndependencePct: null, productionChangePct: null });
    expect(s.series.every((b) => b.productionKwh === null)).toBe(true);
    // 10:00 to 14:35 is 4 h 35 min = 55 intervals expected; midnight to 10:00 is not missing.
    expect(s.coverage).toEqual({ intervals: 12, expected: 55 });
    expect(s.series.slice(0, 10).map((b) => b.coverage.expected)).toEqual(Array(10).fill(0));
    expect(s.series[10]!.coverage).toEqual({ intervals: 12, expected: 12 });
    expect(s.series[11]!.coverage).toEqual({ intervals: 0, expected: 12 });

    const week = await summary(member, 'week');
    expect(week.hasSolar).toBe(false);
    expect(week.coverage).toEqual({ intervals: 12, expected: 55 });
    expect(week.series.slice(0, 6).map((b) => b.coverage.expected)).toEqual(Array(6).fill(0));
  });
});

describe('consumed today', () => {
  it('is the same figure on the Dashboard and on Solar at the same moment: the interval in progress counts on neither', async () => {
    const { member, household } = await memberWithHousehold(t, { panel: 'solar_panel' });
    now = new Date('2026-01-15T19:37:00Z'); // 14:37 EST: the interval 14:35–14:40 is in progress
    await store(t.database.db, household.id, {
      meter: [
        ...intervals(local('2026-01-14', 23, 55), 1, { consumptionKwh: 5, gridImportKwh: 5 }), // yesterday's last interval
        ...intervals(local('2026-01-15', 0), 1, { consumptionKwh: 0.25, gridImportKwh: 0.25 }), // today's first
        ...intervals(local('2026-01-15', 9), 12, { consumptionKwh: 0.1, productionKwh: 0.3, gridExportKwh: 0.2 }),
        ...intervals(local('2026-01-15', 14, 30), 1, { consumptionKwh: 0.3, gridImportKwh: 0.3 }), // the last complete interval
        ...intervals(local('2026-01-15', 14, 35), 1, { consumptionKwh: 0.7, gridImportKwh: 0.7 }), // in progress
      ],
    });
    const both = async () => {
      const res = await t.app.request('/api/dashboard', { headers: asMember(member) });
      expect(res.status).toBe(200);
      return { dashboard: dashboardSchema.parse(await res.json()), solar: await summary(member, 'today') };
    };

    // By hand: 0.25 + 12 × 0.1 + 0.3 = 1.75 kWh used; 0.25 + 0.3 = 0.55 kWh bought.
    const at1437 = await both();
    expect(at1437.solar.totals.consumptionKwh).toBeCloseTo(1.75, 9);
    expect(at1437.dashboard.todayKwh).toBe(at1437.solar.totals.consumptionKwh);
    expect(at1437.dashboard.todayGridImportKwh).toBeCloseTo(0.55, 9);
    expect(at1437.dashboard.todayGridImportKwh).toBe(at1437.solar.totals.gridImportKwh);

    // At 14:40 the 14:35 interval has ended: 1.75 + 0.7 = 2.45 on both.
    now = new Date('2026-01-15T19:40:00Z');
    const at1440 = await both();
    expect(at1440.solar.totals.consumptionKwh).toBeCloseTo(2.45, 9);
    expect(at1440.dashboard.todayKwh).toBe(at1440.solar.totals.consumptionKwh);
  });
});
