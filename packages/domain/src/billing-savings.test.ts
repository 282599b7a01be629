import { describe, expect, it } from 'vitest';
import { exportCreditCents, pointsToCents, savingsOf, selfConsumedCents, selfConsumedKwh } from './billing-savings';

/*
 * Hand-computed: the published prices are written here, not read from the tariff tables.
 * Ontario TOU from November 1, 2025: off-peak 9.8, mid-peak 15.7, on-peak 20.3 ¢/kWh; winter
 * weekdays are on-peak 7–11 and 17–19, mid-peak 11–17. Alberta's rate of last resort: 12.06 ¢/kWh.
 */

describe('selfConsumedKwh', () => {
  it('is production less export, and never below zero', () => {
    expect(selfConsumedKwh({ productionKwh: 2, gridExportKwh: 0.8 })).toBeCloseTo(1.2, 12);
    expect(selfConsumedKwh({ productionKwh: 0.2, gridExportKwh: 0.5 })).toBe(0);
    expect(selfConsumedKwh({ productionKwh: 0, gridExportKwh: 0 })).toBe(0);
  });
});

describe('selfConsumedCents', () => {
  it('prices each hour at its own time-of-use price, rounded per period', () => {
    // Tuesday 2025-11-04 in Toronto (EST, UTC−5).
    const hours = [
      { start: new Date('2025-11-04T13:00:00Z'), productionKwh: 1, gridExportKwh: 0 }, // 08:00 on-peak: 1 kWh × 20.3 = 20.3 ¢
      { start: new Date('2025-11-04T17:00:00Z'), productionKwh: 2, gridExportKwh: 0.8 }, // 12:00 mid-peak: 1.2 kWh × 15.7 = 18.84 ¢
      { start: new Date('2025-11-04T20:00:00Z'), productionKwh: 0.2, gridExportKwh: 0.5 }, // 15:00: exports more than made, 0
      { start: new Date('2025-11-05T02:00:00Z'), productionKwh: 0.5, gridExportKwh: 0 }, // 21:00 off-peak: 0.5 × 9.8 = 4.9 ¢
    ];
    const result = selfConsumedCents({
      province: 'ON',
      timeZone: 'America/Toronto',
      tariffHistory: [{ planId: 'on-tou', effectiveFrom: '2025-01-01' }],
      periodStart: '2025-11-01',
      periodEnd: '2025-11-30',
      hours,
    });
    expect(result.kwh).toBeCloseTo(2.7, 9);
    // 20 (on-peak 20.3) + 19 (mid-peak 18.84) + 5 (off-peak 4.9)
    expect(result.cents).toBe(44);
  });

  it('prices a flat plan at its one price', () => {
    const result = selfConsumedCents({
      province: 'AB',
      timeZone: 'America/Edmonton',
      tariffHistory: [{ planId: 'ab-rolr', effectiveFrom: '2025-01-01' }],
      periodStart: '2025-06-01',
      periodEnd: '2025-06-30',
      // Noon in Edmonton (MDT, UTC−6): 10 made, 4 exported, 6 kWh × 12.06 = 72.36 ¢.
      hours: [{ start: new Date('2025-06-10T18:00:00Z'), productionKwh: 10, gridExportKwh: 4 }],
    });
    expect(result).toEqual({ kwh: 6, cents: 72 });
  });

  it('is zero without production', () => {
    const result = selfConsumedCents({ province: 'AB', timeZone: 'America/Edmonton', tariffHistory: [{ planId: 'ab-rolr', effectiveFrom: '2025-01-01' }], periodStart: '2025-06-01', periodEnd: '2025-06-30', hours: [] });
    expect(result).toEqual({ kwh: 0, cents: 0 });
  });
});

describe('exportCreditCents', () => {
  it('is the export-credit lines as a positive saving, ignoring every other line', () => {
    const lines = [
      { kind: 'energy' as const, amountCents: 5000 },
      { kind: 'export-credit' as const, amountCents: -123 },
      { kind: 'export-credit' as const, amountCents: -77 },
      { kind: 'tax' as const, amountCents: 650 },
      { kind: 'rebate' as const, amountCents: -400 },
    ];
    expect(exportCreditCents(lines)).toBe(200);
    expect(exportCreditCents([])).toBe(0);
  });
});

describe('points and the total', () => {
  it('values 100 points at $1', () => {
    expect(pointsToCents(100)).toBe(100);
    expect(pointsToCents(250)).toBe(250);
    expect(pointsToCents(0)).toBe(0);
  });

  it('adds solar and events', () => {
    expect(savingsOf({ selfConsumed: { kwh: 2.7, cents: 44 }, exportCreditCents: 200, eventPoints: 150 })).toEqual({
      solar: { selfConsumedKwh: 2.7, selfConsumedCents: 44, exportCreditCents: 200, totalCents: 244 },
      events: { points: 150, cents: 150 },
      totalCents: 394,
    });
  });
});
