import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LocalDate } from './local-time';
import { localDatesInRange, startOfLocalDate, zonedTimeToUtc } from './local-time';
import type { FlatPlan, MeteredInterval, PricedIntervals } from './tariff';
import { centsToDollars, priceIntervals, tier1KwhForDay } from './tariff';
import {
  ALBERTA_RATE_OF_LAST_RESORT,
  BC_HYDRO_RESIDENTIAL_CONSERVATION,
  HYDRO_QUEBEC_RATE_D,
  ONTARIO_TIERED,
  ONTARIO_TIME_OF_USE,
  ONTARIO_ULTRA_LOW_OVERNIGHT,
  planById,
  planForProvince,
  plansForProvince,
  TARIFF_PLANS,
} from './tariff-plans';

const TORONTO = 'America/Toronto';
const VANCOUVER = 'America/Vancouver';
const EDMONTON = 'America/Edmonton';
const MONTREAL = 'America/Toronto'; // Québec observes Eastern time; America/Montreal is an alias.

/** One interval per local hour of each date (no DST dates here), `kwhPerHour` each. */
function hourly(dates: readonly LocalDate[], zone: string, kwhPerHour = 1): MeteredInterval[] {
  return dates.flatMap((date) =>
    Array.from({ length: 24 }, (_, hour) => ({ start: zonedTimeToUtc(date, hour, 0, zone), kwh: kwhPerHour })),
  );
}

/** One interval per local day at noon carrying the whole day's kWh. */
function daily(first: LocalDate, last: LocalDate, zone: string, kwhPerDay: number): MeteredInterval[] {
  return localDatesInRange(first, last).map((date) => ({ start: zonedTimeToUtc(date, 12, 0, zone), kwh: kwhPerDay }));
}

function period(first: LocalDate, endExclusive: LocalDate, zone: string) {
  return { period: { start: startOfLocalDate(first, zone), end: startOfLocalDate(endExclusive, zone) } };
}

const byLabel = (result: PricedIntervals) =>
  Object.fromEntries(result.lines.map((l) => [`${l.label}@${l.effectiveFrom}`, [l.quantity, l.amountCents]]));

describe('Ontario time-of-use', () => {
  it('prices a winter weekday by period (Tuesday 2025-11-04, 1 kWh every hour)', () => {
    const bill = priceIntervals(ONTARIO_TIME_OF_USE, hourly(['2025-11-04'], TORONTO), TORONTO);
    // off-peak 0–7 and 19–24 = 12 kWh × 9.8 = 117.6 ¢
    // on-peak 7–11 and 17–19 = 6 kWh × 20.3 = 121.8 ¢
    // mid-peak 11–17         = 6 kWh × 15.7 =  94.2 ¢      total 333.6 ¢
    expect(bill.totalCents).toBeCloseTo(333.6, 9);
    expect(bill.fixedCents).toBe(0);
    expect(bill.kwh).toBe(24);
    expect(byLabel(bill)['off-peak@2025-11-01']?.[0]).toBe(12);
    expect(byLabel(bill)['on-peak@2025-11-01']?.[0]).toBe(6);
    expect(byLabel(bill)['mid-peak@2025-11-01']?.[0]).toBe(6);
  });

  it('prices a summer weekday with summer hours at the rates then in force (Tuesday 2025-07-15)', () => {
    const bill = priceIntervals(ONTARIO_TIME_OF_USE, hourly(['2025-07-15'], TORONTO), TORONTO);
    // off-peak 12 × 7.6 = 91.2; mid-peak (7–11, 17–19) 6 × 12.2 = 73.2; on-peak (11–17) 6 × 15.8 = 94.8
    expect(bill.totalCents).toBeCloseTo(259.2, 9);
    expect(byLabel(bill)['on-peak@2024-11-01']?.[0]).toBe(6);
  });

  it('prices weekends and OEB holidays off-peak all day', () => {
    // Saturday 2025-11-08: 24 kWh × 9.8 = 235.2 ¢
    expect(priceIntervals(ONTARIO_TIME_OF_USE, hourly(['2025-11-08'], TORONTO), TORONTO).totalCents).toBeCloseTo(235.2, 9);
    // Christmas, Thursday 2025-12-25: same as a weekend.
    expect(priceIntervals(ONTARIO_TIME_OF_USE, hourly(['2025-12-25'], TORONTO), TORONTO).totalCents).toBeCloseTo(235.2, 9);
    // Civic Holiday, Monday 2025-08-04 (on the OEB list): 24 × 7.6 = 182.4 ¢
    expect(priceIntervals(ONTARIO_TIME_OF_USE, hourly(['2025-08-04'], TORONTO), TORONTO).totalCents).toBeCloseTo(182.4, 9);
    // An explicit empty holiday list prices Christmas as an ordinary Thursday: 333.6 ¢.
    expect(priceIntervals(ONTARIO_TIME_OF_USE, hourly(['2025-12-25'], TORONTO), TORONTO, []).totalCents).toBeCloseTo(333.6, 9);
  });

  it('reads hours on the local clock: 07:00 EST is on-peak, 06:59 is off-peak', () => {
    const plan = ONTARIO_TIME_OF_USE;
    const at = (iso: string) => priceIntervals(plan, [{ start: new Date(iso), kwh: 1 }], TORONTO).lines[0]?.label;
    expect(at('2025-11-03T12:00:00Z')).toBe('on-peak'); // Monday 07:00 EST
    expect(at('2025-11-03T11:59:00Z')).toBe('off-peak');
    expect(at('2025-07-14T15:00:00Z')).toBe('on-peak'); // Monday 11:00 EDT, summer
  });
});

describe('Ontario ultra-low overnight', () => {
  it('prices a weekday (Tuesday 2025-11-04, 1 kWh every hour)', () => {
    const bill = priceIntervals(ONTARIO_ULTRA_LOW_OVERNIGHT, hourly(['2025-11-04'], TORONTO), TORONTO);
    // ultra-low 0–7 and 23–24 = 8 × 3.9 = 31.2; mid 7–16 and 21–23 = 11 × 15.7 = 172.7;
    // on-peak 16–21 = 5 × 39.1 = 195.5; total 399.4 ¢
    expect(bill.totalCents).toBeCloseTo(399.4, 9);
  });

  it('prices a weekend (Saturday 2025-11-08)', () => {
    const bill = priceIntervals(ONTARIO_ULTRA_LOW_OVERNIGHT, hourly(['2025-11-08'], TORONTO), TORONTO);
    // ultra-low 8 × 3.9 = 31.2; weekend off-peak 16 × 9.8 = 156.8; total 188 ¢
    expect(bill.totalCents).toBeCloseTo(188, 9);
  });
});

describe('Ontario tiered', () => {
  it('crosses the 1,000 kWh winter threshold mid-month (November 2025, 40 kWh a day)', () => {
    const bill = priceIntervals(ONTARIO_TIERED, daily('2025-11-01', '2025-11-30', TORONTO, 40), TORONTO, undefined, period('2025-11-01', '2025-12-01', TORONTO));
    // 1,200 kWh; threshold 30 days × 1000/30 = 1,000 kWh, reached on day 25.
    // 1,000 × 12.0 = 12,000 ¢ + 200 × 14.2 = 2,840 ¢ → 14,840 ¢ = $148.40
    expect(byLabel(bill)['tier-1@2025-11-01']?.[0]).toBeCloseTo(1000, 9);
    expect(byLabel(bill)['tier-2@2025-11-01']?.[0]).toBeCloseTo(200, 9);
    expect(centsToDollars(bill.totalCents)).toBe(148.4);
  });

  it('prices only the intervals it is given; missing days still count toward the threshold', () => {
    // Readings only for the first 25 days: 1,000 kWh, all within the month's 1,000 kWh → tier 1.
    const bill = priceIntervals(ONTARIO_TIERED, daily('2025-11-01', '2025-11-25', TORONTO, 40), TORONTO, undefined, period('2025-11-01', '2025-12-01', TORONTO));
    expect(bill.totalCents).toBeCloseTo(12_000, 9);
    expect(bill.lines.map((l) => l.label)).toEqual(['tier-1']);
  });

  it('prorates across seasons and prices each side of the November 1 change at its own rates', () => {
    // Oct 15 – Nov 14, 2025, 30 kWh a day.
    // Threshold: 17 Oct days × 600/31 + 14 Nov days × 1000/30 = 329.0323 + 466.6667 = 795.6989 kWh
    // October 510 kWh → tier 1 at the 2024 price: 510 × 9.3 = 4,743 ¢
    // November 420 kWh: 285.6989 tier 1 × 12.0 = 3,428.3871 ¢; 134.3011 tier 2 × 14.2 = 1,907.0753 ¢
    // Total 10,078.4624 ¢
    const bill = priceIntervals(ONTARIO_TIERED, daily('2025-10-15', '2025-11-14', TORONTO, 30), TORONTO, undefined, period('2025-10-15', '2025-11-15', TORONTO));
    expect(bill.days).toBe(31);
    expect(byLabel(bill)['tier-1@2024-11-01']).toEqual([510, 4743]);
    expect(byLabel(bill)['tier-1@2025-11-01']?.[0]).toBeCloseTo(285.698925, 5);
    expect(bill.totalCents).toBeCloseTo(10_078.462366, 5);
  });
});

describe('BC Hydro two-step', () => {
  it('prorates the step-1 threshold over a 61-day period, plus the daily basic charge', () => {
    // Jan 1 – Mar 2, 2025 = 61 days, 25 kWh a day = 1,525 kWh.
    // Step 1: 61 × 22.1918 = 1,353.6998 kWh × 10.97 = 14,850.0868 ¢
    // Step 2: 171.3002 kWh × 14.08 = 2,411.9068 ¢
    // Basic: 61 × 22.53 = 1,374.33 ¢                    total 18,636.3236 ¢ = $186.36
    const bill = priceIntervals(BC_HYDRO_RESIDENTIAL_CONSERVATION, daily('2025-01-01', '2025-03-02', VANCOUVER, 25), VANCOUVER);
    expect(bill.days).toBe(61);
    expect(byLabel(bill)['tier-1@2024-04-01']?.[0]).toBeCloseTo(1353.6998, 9);
    expect(bill.fixedCents).toBeCloseTo(1374.33, 9);
    expect(bill.totalCents).toBeCloseTo(18_636.323622, 5);
    expect(centsToDollars(bill.totalCents)).toBe(186.36);
  });

  it('gives about 1,376 kWh at step 1 over 62 days', () => {
    expect(62 * tier1KwhForDay({ kind: 'per-day', kwh: 22.1918 }, '2025-01-01')).toBeCloseTo(1375.89, 2);
  });
});

describe('Alberta rate of last resort', () => {
  it('is a flat energy rate', () => {
    // June 2025, 20 kWh a day: 600 kWh × 12.06 = 7,236 ¢ = $72.36
    const bill = priceIntervals(ALBERTA_RATE_OF_LAST_RESORT, daily('2025-06-01', '2025-06-30', EDMONTON, 20), EDMONTON);
    expect(bill.totalCents).toBeCloseTo(7236, 9);
    expect(bill.fixedCents).toBe(0);
  });
});

describe('Hydro-Québec Rate D', () => {
  it('prices 40 kWh a day at the first-tier price and the rest at the second', () => {
    // June 2025, 30 days, 50 kWh a day = 1,500 kWh.
    // First tier 30 × 40 = 1,200 kWh × 6.905 = 8,286 ¢; second tier 300 × 10.652 = 3,195.6 ¢
    // Access charge 30 × 46.154 = 1,384.62 ¢                  total 12,866.22 ¢ = $128.66
    const bill = priceIntervals(HYDRO_QUEBEC_RATE_D, daily('2025-06-01', '2025-06-30', MONTREAL, 50), MONTREAL);
    expect(byLabel(bill)['tier-1@2025-04-01']?.[0]).toBeCloseTo(1200, 9);
    expect(byLabel(bill)['tier-2@2025-04-01']?.[0]).toBeCloseTo(300, 9);
    expect(bill.totalCents).toBeCloseTo(12_866.22, 6);
  });

  it('pools the 40 kWh block over the consumption period, as Hydro-Québec bills it', () => {
    // 70 kWh then 10 kWh: 80 kWh ≤ 2 × 40 → all first tier: 80 × 6.905 + 2 × 46.154 = 644.708 ¢
    const intervals = [
      { start: zonedTimeToUtc('2025-06-02', 12, 0, MONTREAL), kwh: 70 },
      { start: zonedTimeToUtc('2025-06-03', 12, 0, MONTREAL), kwh: 10 },
    ];
    expect(priceIntervals(HYDRO_QUEBEC_RATE_D, intervals, MONTREAL).totalCents).toBeCloseTo(644.708, 9);
  });

  it('prices days before and after the April 1, 2025 change at their own rates', () => {
    // Mar 17 – Apr 15, 2025: 15 days at each version, 30 kWh a day (all first tier).
    // March: 450 × 6.704 = 3,016.8 + 15 × 44.81 = 672.15
    // April: 450 × 6.905 = 3,107.25 + 15 × 46.154 = 692.31        total 7,488.51 ¢
    const all = daily('2025-03-17', '2025-04-15', MONTREAL, 30);
    const bill = priceIntervals(HYDRO_QUEBEC_RATE_D, all, MONTREAL);
    expect(byLabel(bill)['tier-1@2024-04-01']?.[1]).toBeCloseTo(3016.8, 9);
    expect(byLabel(bill)['daily-charge@2024-04-01']?.[1]).toBeCloseTo(672.15, 9);
    expect(byLabel(bill)['tier-1@2025-04-01']?.[1]).toBeCloseTo(3107.25, 9);
    expect(byLabel(bill)['daily-charge@2025-04-01']?.[1]).toBeCloseTo(692.31, 9);
    expect(bill.totalCents).toBeCloseTo(7488.51, 9);
  });
});

describe('effective dates', () => {
  const base: FlatPlan = {
    id: 'test-flat',
    name: 'Test flat',
    province: 'AB',
    kind: 'flat',
    versions: [{ effectiveFrom: '2025-01-01', centsPerKwh: 10, dailyChargeCents: 50 }],
  };

  it('a plan change mid-month prices each day at its own rate', () => {
    const changed: FlatPlan = { ...base, versions: [...base.versions, { effectiveFrom: '2025-06-16', centsPerKwh: 12, dailyChargeCents: 60 }] };
    // June 2025, 10 kWh a day: 15 days × (10 × 10 + 50) = 2,250; 15 days × (10 × 12 + 60) = 2,700
    const bill = priceIntervals(changed, daily('2025-06-01', '2025-06-30', EDMONTON, 10), EDMONTON);
    expect(bill.totalCents).toBeCloseTo(4950, 9);
  });

  it('adding a later version never re-prices earlier intervals', () => {
    fc.assert(
      fc.property(
        // Edmonton is UTC−7 in winter and UTC−6 in summer: shifting by 7 h keeps hours 0–22 on their own local day in both,
        // where hour 23 of a summer day would fall on the next one, the change day itself.
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 180 }), hour: fc.integer({ min: 0, max: 22 }), kwh: fc.double({ min: 0, max: 5, noNaN: true }) }), { maxLength: 40 }),
        fc.integer({ min: 181, max: 400 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (readings, changeDay, newPrice) => {
          const intervals = readings.map((r) => ({ start: new Date(Date.UTC(2025, 0, 1 + r.day, r.hour) + 7 * 3_600_000), kwh: r.kwh }));
          const changeDate = new Date(Date.UTC(2025, 0, 1 + changeDay)).toISOString().slice(0, 10);
          const later: FlatPlan = { ...base, versions: [...base.versions, { effectiveFrom: changeDate, centsPerKwh: newPrice, dailyChargeCents: 99 }] };
          expect(priceIntervals(later, intervals, EDMONTON).totalCents).toBe(priceIntervals(base, intervals, EDMONTON).totalCents);
        },
      ),
    );
  });

  it('a version starts at local midnight of its day, not UTC midnight', () => {
    const changed: FlatPlan = { ...base, versions: [...base.versions, { effectiveFrom: '2025-07-01', centsPerKwh: 20, dailyChargeCents: 99 }] };
    // 06:00 UTC on July 1 is midnight in Edmonton (UTC−6 in summer): 1 kWh × 20 + 99 = 119 ¢, not the old 10 + 50
    expect(priceIntervals(changed, [{ start: new Date('2025-07-01T06:00:00Z'), kwh: 1 }], EDMONTON).totalCents).toBeCloseTo(119, 9);
    // 05:00 UTC is still June 30 there: 1 × 10 + 50
    expect(priceIntervals(changed, [{ start: new Date('2025-07-01T05:00:00Z'), kwh: 1 }], EDMONTON).totalCents).toBeCloseTo(60, 9);
  });

  it('refuses intervals before the first version and invalid readings', () => {
    expect(() => priceIntervals(base, [{ start: new Date('2024-06-01T18:00:00Z'), kwh: 1 }], EDMONTON)).toThrow(RangeError);
    expect(() => priceIntervals(base, [{ start: new Date('2025-06-01T18:00:00Z'), kwh: -1 }], EDMONTON)).toThrow(RangeError);
    expect(() => priceIntervals(base, [{ start: new Date('2025-06-01T18:00:00Z'), kwh: Number.NaN }], EDMONTON)).toThrow(RangeError);
  });

  it('prices nothing for no intervals and no period', () => {
    expect(priceIntervals(ONTARIO_TIME_OF_USE, [], TORONTO)).toMatchObject({ totalCents: 0, days: 0, lines: [] });
  });
});

describe('plan catalogue', () => {
  it('defaults each serviceable province to its most common plan', () => {
    expect(planForProvince('ON')?.id).toBe('on-tou');
    expect(planForProvince('BC')?.id).toBe('bc-residential-conservation');
    expect(planForProvince('AB')?.id).toBe('ab-rolr');
    expect(planForProvince('QC')?.id).toBe('qc-rate-d');
    expect(planForProvince('MB')).toBeNull();
    expect(plansForProvince('ON').map((p) => p.id)).toEqual(['on-tou', 'on-ulo', 'on-tiered']);
    expect(planById('on-ulo')).toBe(ONTARIO_ULTRA_LOW_OVERNIGHT);
    expect(planById('nope')).toBeNull();
  });

  it('every plan has unique ids, dated versions in order, and non-negative prices', () => {
    expect(new Set(TARIFF_PLANS.map((p) => p.id)).size).toBe(TARIFF_PLANS.length);
    for (const plan of TARIFF_PLANS) {
      const dates = plan.versions.map((v) => v.effectiveFrom);
      expect(dates).toEqual([...dates].sort());
      for (const version of plan.versions) {
        expect(version.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const prices = Object.values(version).filter((v): v is number => typeof v === 'number');
        for (const price of prices) expect(price).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('time-of-use schedules cover every hour of every day type and month', () => {
    for (const plan of [ONTARIO_TIME_OF_USE, ONTARIO_ULTRA_LOW_OVERNIGHT]) {
      for (const date of localDatesInRange('2025-11-03', '2025-11-09')) {
        // One week in November (winter) …
        expect(() => priceIntervals(plan, hourly([date], TORONTO), TORONTO)).not.toThrow();
      }
      for (const date of localDatesInRange('2025-06-02', '2025-06-08')) {
        // … and one in June (summer).
        expect(() => priceIntervals(plan, hourly([date], TORONTO), TORONTO)).not.toThrow();
      }
    }
  });
});
