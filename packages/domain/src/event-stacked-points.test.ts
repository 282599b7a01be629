import { describe, expect, it } from 'vitest';
import { paidIntervalsNoiseKwh, scoreOwnIntervals } from './event-stacked-points';
import type { Settlement } from './event-settlement';

const START = Date.parse('2026-07-15T22:00:00Z');
const FIVE_MIN = 300_000;

/** A settled four-interval event: baseline 1 kWh each, actual 0.5, 0.9, 0.8, 1.0 (3.2 of 4: a 20 % cut, 150 points). */
function settled(): Settlement {
  const actual = [0.5, 0.9, 0.8, 1.0];
  return {
    status: 'settled',
    reason: null,
    eventDate: '2026-07-15',
    baselineDays: [],
    dayKind: 'weekday',
    adjustmentFactor: 1,
    adjustmentUnclamped: 1,
    adjustmentStatus: 'applied',
    adjustmentMethod: 'additive',
    adjustmentWindowGapMinutes: 120,
    adjustmentPeers: null,
    intervals: actual.map((kwh, i) => ({ slot: `18:${String(i * 5).padStart(2, '0')}`, baselineKwh: 1, actualKwh: kwh })),
    missingSlots: [],
    baselineKwh: 4,
    actualKwh: 3.2,
    reductionKwh: 0.8,
    reductionPercent: 20,
    targetMet: true,
    points: 150,
    // Four intervals' least cut (decision 148): 4 × 0.05 ÷ 12 kWh.
    minimumCutKwh: 0.016667,
    terms: { targetPercent: 10, rewardPoints: 100 },
  };
}

describe('points on the intervals an event pays', () => {
  it('nothing ceded: the settlement as it was', () => {
    const out = scoreOwnIntervals(settled(), START, new Set());
    expect(out.points).toBe(150);
    expect(out.cededSlots).toEqual([]);
  });

  it('the last two ceded: the cut over the first two, the reward halved', () => {
    // Paid: baseline 2, actual 1.4, a 30 % cut: 2× (3 targets). 100 × 2/4 × 2 = 100.
    const out = scoreOwnIntervals(settled(), START, new Set([START + 2 * FIVE_MIN, START + 3 * FIVE_MIN]));
    expect(out.cededSlots).toEqual(['18:10', '18:15']);
    expect(out.baselineKwh).toBe(2);
    expect(out.actualKwh).toBeCloseTo(1.4, 12);
    expect(out.reductionPercent).toBeCloseTo(30, 9);
    expect(out.points).toBe(100);
  });

  it('the first ceded: 3 paid, baseline 3, actual 2.7, 10 %: 1× of 75', () => {
    expect(scoreOwnIntervals(settled(), START, new Set([START])).points).toBe(75);
  });

  it('the first three ceded: the last interval saved nothing, 0 points', () => {
    const out = scoreOwnIntervals(settled(), START, new Set([START, START + FIVE_MIN, START + 2 * FIVE_MIN]));
    expect(out.points).toBe(0);
    expect(out.targetMet).toBe(false);
  });

  it('every interval ceded: nothing to score', () => {
    const out = scoreOwnIntervals(settled(), START, new Set([0, 1, 2, 3].map((i) => START + i * FIVE_MIN)));
    expect(out.points).toBe(0);
    expect(out.reductionPercent).toBeNull();
  });

  it('an unsettled outcome is left as it is', () => {
    const pending: Settlement = { ...settled(), status: 'insufficient_data', points: 0 };
    expect(scoreOwnIntervals(pending, START, new Set([START])).cededSlots).toEqual([]);
  });
});

describe('the least cut over the intervals an event pays (decision 148)', () => {
  /** Four intervals of 0.02 kWh each, every one cut to nothing: 0.08 kWh saved. */
  function small(): Settlement {
    const base = settled();
    return { ...base, intervals: base.intervals.map((i) => ({ ...i, baselineKwh: 0.02, actualKwh: 0 })), baselineKwh: 0.08, actualKwh: 0, reductionKwh: 0.08, reductionPercent: 100, points: 200 };
  }

  it('is read over the paid intervals: 2 of 4 paid need 2 × 0.05 ÷ 12 kWh', () => {
    // Paid: 0.04 kWh saved over 2 intervals; the least cut is 0.008333 kWh. 100 % cut: 2× of 50.
    expect(scoreOwnIntervals(small(), START, new Set([START, START + FIVE_MIN]))).toMatchObject({ points: 100, targetMet: true });
  });

  it('pays nothing when the paid intervals’ cut is under it', () => {
    const base = small();
    // 0.004 kWh a paid interval: 0.008 saved over 2 intervals, under their 0.008333.
    const tiny = { ...base, intervals: base.intervals.map((i) => ({ ...i, baselineKwh: 0.004 })) };
    expect(scoreOwnIntervals(tiny, START, new Set([START, START + FIVE_MIN]))).toMatchObject({ points: 0, targetMet: false, reductionPercent: 100 });
  });
});

describe('σ over the intervals an event pays (decision 143)', () => {
  it('is σ √(k ÷ m) when k of m intervals are paid, unchanged without ceded ones, by hand', () => {
    // Intervals 2 and 3 of 4 ceded: σ 0.6 becomes 0.6 × √(2 ÷ 4).
    const stacked = scoreOwnIntervals(settled(), START, new Set([START + FIVE_MIN, START + 2 * FIVE_MIN]));
    expect(paidIntervalsNoiseKwh(0.6, stacked)).toBeCloseTo(0.6 * Math.SQRT1_2, 12);
    expect(paidIntervalsNoiseKwh(0.6, scoreOwnIntervals(settled(), START, new Set()))).toBe(0.6);
    expect(paidIntervalsNoiseKwh(null, stacked)).toBeNull();
  });

  it('is never below the spread of the paid intervals’ sums when their swings move together, wholly or in part', () => {
    // Four intervals over six days; the window's σ and the first two intervals' σ, from the days themselves.
    const sd = (xs: number[]) => {
      const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
      return Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1));
    };
    const days = {
      together: [0.1, 0.4, 0.2, 0.5, 0.3, 0.6].map((x) => [x, x, x, x]),
      // A day's level shared by every interval, and each interval's own swing on top.
      partly: [0.1, 0.4, 0.2, 0.5, 0.3, 0.6].map((level, d) => [0, 1, 2, 3].map((i) => level + 0.05 * (((d + 1) * (i + 3)) % 5))),
    };
    const ceded = scoreOwnIntervals(settled(), START, new Set([START + 2 * FIVE_MIN, START + 3 * FIVE_MIN]));
    for (const rows of Object.values(days)) {
      const window = sd(rows.map((r) => r.reduce((s, x) => s + x, 0)));
      const paid = sd(rows.map((r) => r[0]! + r[1]!));
      expect(paidIntervalsNoiseKwh(window, ceded)!).toBeGreaterThanOrEqual(paid - 1e-12);
    }
    // Moving together the bound is loose (the paid half's σ is half the window's, not 0.71 of it): the test stays no easier.
    const together = days.together;
    expect(sd(together.map((r) => r[0]! + r[1]!)) / sd(together.map((r) => r.reduce((s, x) => s + x, 0)))).toBeCloseTo(0.5, 12);
  });
});
