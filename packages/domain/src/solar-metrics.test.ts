import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SolarTotals } from './solar-metrics';
import {
  gridIndependencePercent,
  netExportKwh,
  percentChange,
  solarSummary,
  systemEfficiencyPercent,
  systemHealthPercent,
} from './solar-metrics';

// A sunny day: 30 kWh produced, 25 used, 8 bought, 13 sold.
// Balance check: production + import = consumption + export → 30 + 8 = 25 + 13 = 38.
const day: SolarTotals = { productionKwh: 30, consumptionKwh: 25, gridImportKwh: 8, gridExportKwh: 13 };

describe('hand-computed', () => {
  it('net export = export − import', () => {
    expect(netExportKwh(day)).toBe(5); // 13 − 8
    expect(netExportKwh({ gridExportKwh: 2, gridImportKwh: 9 })).toBe(-7);
  });

  it('system health = mean panel efficiency', () => {
    expect(systemHealthPercent([90, 95, 100])).toBe(95); // (90 + 95 + 100) / 3
    expect(systemHealthPercent([80, null, 90])).toBe(85); // the silent panel is left out
    expect(systemHealthPercent([])).toBeNull();
    expect(systemHealthPercent([null, undefined])).toBeNull();
  });

  it('system efficiency = production ÷ (consumption + export) × 100', () => {
    // 30 / (25 + 13) × 100 = 78.947…
    expect(systemEfficiencyPercent(day)).toBeCloseTo(78.947368, 5);
    expect(systemEfficiencyPercent({ ...day, consumptionKwh: 0, gridExportKwh: 0 })).toBeNull();
  });

  it('grid independence = (1 − import ÷ consumption) × 100', () => {
    expect(gridIndependencePercent(day)).toBeCloseTo(68, 10); // (1 − 8 / 25) × 100
    expect(gridIndependencePercent({ consumptionKwh: 0, gridImportKwh: 0 })).toBeNull();
  });

  it('clamps the physical ratios to 0–100 %', () => {
    // Battery charging from the grid: import 12 > consumption 10 → −20 % becomes 0 %.
    expect(gridIndependencePercent({ consumptionKwh: 10, gridImportKwh: 12 })).toBe(0);
    // Meter skew: 11 produced vs 10 + 0 → 110 % becomes 100 %.
    expect(systemEfficiencyPercent({ productionKwh: 11, consumptionKwh: 10, gridImportKwh: 0, gridExportKwh: 0 })).toBe(100);
  });

  it('percent change = (current − previous) ÷ previous × 100', () => {
    expect(percentChange(30, 24)).toBe(25); // (30 − 24) / 24 × 100
    expect(percentChange(18, 24)).toBe(-25);
    expect(percentChange(-5, -10)).toBe(50); // net export improving from −10 to −5
    expect(percentChange(30, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(30, null)).toBeNull();
    expect(percentChange(undefined, 24)).toBeNull();
  });

  it('missing data is missing, not zero', () => {
    const partial: SolarTotals = { productionKwh: 30, consumptionKwh: null, gridImportKwh: 8, gridExportKwh: undefined };
    expect(netExportKwh(partial)).toBeNull();
    expect(systemEfficiencyPercent(partial)).toBeNull();
    expect(gridIndependencePercent(partial)).toBeNull();
  });

  it('summarises a period against the previous one', () => {
    const previous: SolarTotals = { productionKwh: 24, consumptionKwh: 20, gridImportKwh: 6, gridExportKwh: 10 };
    expect(solarSummary(day, previous, [96, 98])).toEqual({
      productionKwh: 30,
      consumptionKwh: 25,
      productionChangePercent: 25, // (30 − 24) / 24
      consumptionChangePercent: 25, // (25 − 20) / 20
      netExportKwh: 5,
      systemHealthPercent: 97,
      systemEfficiencyPercent: (30 / 38) * 100,
      gridIndependencePercent: 68,
    });
    expect(solarSummary(day, null, []).productionChangePercent).toBeNull();
  });

  it('a home without solar gets its consumption only: no negative net export, no 0 % ratios', () => {
    // Sign-up day of a home with no panels: 1.4 kWh used, all of it bought.
    const noPanels: SolarTotals = { productionKwh: 0, consumptionKwh: 1.4, gridImportKwh: 1.4, gridExportKwh: 0 };
    expect(solarSummary(noPanels, { productionKwh: 0, consumptionKwh: 2.8, gridImportKwh: 2.8, gridExportKwh: 0 }, [], false)).toEqual({
      productionKwh: null,
      consumptionKwh: 1.4,
      productionChangePercent: null,
      consumptionChangePercent: -50, // (1.4 − 2.8) / 2.8
      netExportKwh: null,
      systemHealthPercent: null,
      systemEfficiencyPercent: null,
      gridIndependencePercent: null,
    });
    // The same totals with solar keep every figure (the −1.4 is real there).
    expect(solarSummary(noPanels, null, []).netExportKwh).toBe(-1.4);
  });
});

describe('properties', () => {
  const kwh = fc.oneof(
    fc.double({ min: 0, max: 1e308, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, Number.MIN_VALUE, 1e-300, Number.MAX_VALUE),
  );
  const totals = fc.record({ productionKwh: kwh, consumptionKwh: kwh, gridImportKwh: kwh, gridExportKwh: kwh });
  const finiteOrNull = (value: number | null) => value === null || Number.isFinite(value);

  it('for any non-negative finite inputs every result is a finite number or null', () => {
    fc.assert(
      fc.property(totals, totals, fc.array(kwh, { maxLength: 8 }), (current, previous, panels) => {
        const summary = solarSummary(current, previous, panels);
        for (const value of Object.values(summary)) expect(finiteOrNull(value)).toBe(true);
        expect(finiteOrNull(percentChange(current.productionKwh, previous.productionKwh))).toBe(true);
      }),
    );
  });

  it('ratios stay within 0–100 %', () => {
    fc.assert(
      fc.property(totals, (current) => {
        for (const value of [systemEfficiencyPercent(current), gridIndependencePercent(current)]) {
          if (value !== null) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(100);
          }
        }
      }),
    );
  });

  it('a zero base never yields a number', () => {
    fc.assert(
      fc.property(kwh, (current) => {
        expect(percentChange(current, 0)).toBeNull();
        expect(gridIndependencePercent({ consumptionKwh: 0, gridImportKwh: current })).toBeNull();
      }),
    );
  });
});
