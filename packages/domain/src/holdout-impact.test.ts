import { describe, expect, it } from 'vitest';
import { holdoutImpact, summarize, welchInterval } from './holdout-impact';

describe('summarize', () => {
  it('gives the count, mean and sample variance', () => {
    // 2, 4, 6: mean 4, squares 4 + 0 + 4 = 8 over n − 1 = 2 → 4.
    expect(summarize([2, 4, 6])).toEqual({ n: 3, mean: 4, variance: 4 });
    expect(summarize([7])).toEqual({ n: 1, mean: 7, variance: 0 });
    expect(summarize([])).toEqual({ n: 0, mean: 0, variance: 0 });
  });
});

describe('welchInterval', () => {
  it('equal sizes and spreads: df = 2(n − 1), by hand', () => {
    // a = 3, 4, 5 and b = 5, 6, 7: means 4 and 6, variances 1 and 1.
    // se = √(1/3 + 1/3) = 0.8164966; df = (2/3)² ÷ ((1/3)²/2 × 2) = 4; t(0.975, 4) = 2.7764451 (table).
    const w = welchInterval(summarize([3, 4, 5]), summarize([5, 6, 7]))!;
    expect(w.difference).toBe(-2);
    expect(w.standardError).toBeCloseTo(Math.sqrt(2 / 3), 12);
    expect(w.df).toBeCloseTo(4, 12);
    expect(w.critical).toBeCloseTo(2.7764451051977934, 9);
    expect(w.low).toBeCloseTo(-4.266957935527519, 8);
    expect(w.high).toBeCloseTo(0.2669579355275191, 8);
  });

  it('unequal sizes and spreads: fractional df, by hand', () => {
    // a = 1, 2, 3, 4: mean 2.5, variance 5/3, /n = 5/12. b = 2, 4, 6: mean 4, variance 4, /n = 4/3.
    // se² = 1.75; df = 1.75² ÷ ((5/12)²/3 + (4/3)²/2) = 3.2347188; t(0.975, 3.2347188) = 3.0557127 (scipy).
    const w = welchInterval(summarize([1, 2, 3, 4]), summarize([2, 4, 6]))!;
    expect(w.difference).toBe(-1.5);
    expect(w.df).toBeCloseTo(3.234718826405868, 12);
    expect(w.low).toBeCloseTo(-5.542327954923024, 8);
    expect(w.high).toBeCloseTo(2.5423279549230244, 8);
  });

  it('has no interval with fewer than two households on a side, and an exact one with no spread', () => {
    expect(welchInterval(summarize([1]), summarize([1, 2]))).toBeNull();
    expect(welchInterval(summarize([3, 3]), summarize([1, 1, 1]))).toEqual({ difference: 2, standardError: 0, df: null, critical: null, low: 2, high: 2 });
  });
});

describe('holdoutImpact', () => {
  it('scales the per-household difference to the called households and sets the baselines beside it', () => {
    // Called used 3, 4, 5 kWh, held out 5, 6, 7: 2 kWh less per called household, [−0.267, 4.267] saved.
    // 10 called households → 20 kWh saved, interval [−2.670, 42.670]. Baselines said 25: 5 kWh (25 %) too much.
    const impact = holdoutImpact({ calledKwh: [3, 4, 5], heldOutKwh: [5, 6, 7], calledHouseholds: 10, baselineSavedKwh: 25 });
    expect(impact.total!.savedKwh).toBeCloseTo(20, 12);
    expect(impact.total!.low).toBeCloseTo(-2.669579355275191, 7);
    expect(impact.total!.high).toBeCloseTo(42.66957935527519, 7);
    expect(impact.baselineBiasKwh).toBeCloseTo(5, 12);
    expect(impact.baselineBiasPercent).toBeCloseTo(25, 10);
  });

  it('says nothing about the total or the bias without two households on each side', () => {
    const impact = holdoutImpact({ calledKwh: [3, 4], heldOutKwh: [5], calledHouseholds: 2, baselineSavedKwh: 1 });
    expect(impact).toMatchObject({ perHousehold: null, total: null, baselineBiasKwh: null, baselineBiasPercent: null, baselineSavedKwh: 1 });
  });
});
