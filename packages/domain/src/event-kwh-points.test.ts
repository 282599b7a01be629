import { describe, expect, it } from 'vitest';
import { kwhBeyondTarget, pointsForKwh, withKwhPoints } from './event-kwh-points';
import { scoreOwnIntervals } from './event-stacked-points';
import type { Settlement } from './event-settlement';

const START = Date.parse('2026-07-15T22:00:00Z');
const FIVE_MIN = 300_000;

/** Four intervals of 1 kWh baseline; the actual figures are each case's. Points as decision 029's curve pays them. */
function settled(actual: number[], points: number): Settlement {
  const actualKwh = actual.reduce((s, v) => s + v, 0);
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
    actualKwh,
    reductionKwh: 4 - actualKwh,
    reductionPercent: ((4 - actualKwh) / 4) * 100,
    targetMet: (4 - actualKwh) / 4 >= 0.1,
    points,
    // Four intervals' least cut (decision 148): 4 × 0.05 ÷ 12 kWh.
    minimumCutKwh: 0.016667,
    terms: { targetPercent: 10, rewardPoints: 100 },
  };
}

describe('points per kWh beyond the target', () => {
  it('kWh beyond the target: the saving less the target share of the baseline, never below 0', () => {
    // 4 kWh baseline, 3.2 used: 0.8 saved, the 10 % target is 0.4 of it.
    expect(kwhBeyondTarget(4, 3.2, 10)).toBeCloseTo(0.4, 9);
    expect(kwhBeyondTarget(4, 3.6, 10)).toBe(0);
    expect(kwhBeyondTarget(4, 3.9, 10)).toBe(0);
    expect(kwhBeyondTarget(0, 0, 10)).toBe(0);
  });

  it('floored to a whole point, with float noise not costing one', () => {
    expect(pointsForKwh(0.4, 20)).toBe(8);
    // 0.4 kWh at 7 points: 2.8, floored to 2.
    expect(pointsForKwh(0.4, 7)).toBe(2);
    // 3 − 2.4 − 0.3 computes as 0.3000000000000001; 0.1 kWh short of 0.4 at 10 points is 3, not 2 or 4.
    expect(pointsForKwh(kwhBeyondTarget(3, 2.4, 10), 10)).toBe(3);
    expect(pointsForKwh(0.4, 0)).toBe(0);
  });

  it('added to the curve: 20 % cut, 0.4 kWh beyond the target at 20 points is 150 + 8', () => {
    const out = withKwhPoints(settled([0.5, 0.9, 0.8, 1.0], 150), 20);
    expect(out.points).toBe(158);
    expect(out.kwhPoints).toBe(8);
    expect(out.kwhBeyondTarget).toBeCloseTo(0.4, 9);
    expect(out.pointsPerKwh).toBe(20);
  });

  it('exactly at the target: the reward and nothing per kWh', () => {
    const out = withKwhPoints(settled([0.9, 0.9, 0.9, 0.9], 100), 20);
    expect(out.points).toBe(100);
    expect(out.kwhPoints).toBe(0);
  });

  it('below the target, or a reward withheld: nothing per kWh', () => {
    expect(withKwhPoints(settled([0.9, 0.9, 0.9, 1.0], 0), 20).points).toBe(0);
    // Any rule that withholds the reward withholds the top-up too.
    expect(withKwhPoints(settled([0.5, 0.5, 0.5, 0.5], 0), 20).points).toBe(0);
    expect(withKwhPoints({ ...settled([0.5, 0.5, 0.5, 0.5], 200), status: 'insufficient_data' }, 20).kwhPoints).toBe(0);
  });

  it('a program without per-kWh pay: the curve alone', () => {
    const out = withKwhPoints(settled([0.5, 0.9, 0.8, 1.0], 150), 0);
    expect(out.points).toBe(150);
    expect(out.kwhPoints).toBe(0);
  });

  it('stacked: only the intervals the event pays count, so a shared kWh is paid once', () => {
    // The last interval (1.0 kWh used) is ceded: 3 kWh baseline, 2.2 used, a 26.67 % cut.
    // Curve: ⌊100 × 3/4 × (1 + 16.67/20)⌋ = ⌊137.5⌋ = 137. Beyond the target: 0.8 − 0.3 = 0.5 kWh, × 20 = 10
    // (computed as 9.999999999999996 without the rounding to a millionth).
    const stacked = scoreOwnIntervals(settled([0.5, 0.9, 0.8, 1.0], 150), START, new Set([START + 3 * FIVE_MIN]));
    const out = withKwhPoints(stacked, 20);
    expect(stacked.points).toBe(137);
    expect(out.kwhPoints).toBe(10);
    expect(out.points).toBe(147);
    expect(out.cededSlots).toEqual(['18:15']);
  });
});
