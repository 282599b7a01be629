import { describe, expect, it } from 'vitest';
import { scoreOwnIntervals } from './event-stacked-points';
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
