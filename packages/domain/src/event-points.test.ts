import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meetsMinimumCut, meetsTarget, minimumCutKwh, paidPercent, pointsFor, reductionPercent, rewardMultiplier } from './event-points';

describe('points curve (target 10 %, reward 100 unless said)', () => {
  it('gives nothing below the target, the reward at it, and 2× from three times it', () => {
    expect(pointsFor(0)).toBe(0);
    expect(pointsFor(9.99)).toBe(0);
    expect(pointsFor(9.999999)).toBe(0);
    expect(pointsFor(10)).toBe(100);
    expect(pointsFor(9.999999999999998)).toBe(100); // float noise does not cost the reward
    // 1 + (r − 10) / 20:
    expect(pointsFor(11)).toBe(105); // 1.05
    expect(pointsFor(15)).toBe(125); // 1.25
    expect(pointsFor(20)).toBe(150); // 1.5
    expect(pointsFor(25)).toBe(175); // 1.75
    expect(pointsFor(29.99)).toBe(199); // 1.9995 → 199.95, floored
    expect(pointsFor(30)).toBe(200);
    expect(pointsFor(45)).toBe(200);
    expect(pointsFor(100)).toBe(200);
  });

  it('is never negative and floors to whole points', () => {
    expect(pointsFor(-5)).toBe(0);
    expect(pointsFor(null)).toBe(0);
    expect(pointsFor(10.01)).toBe(100); // 100.05
    expect(pointsFor(15, { targetPercent: 10, rewardPoints: 250 })).toBe(312); // 312.5
  });

  it('scales with the event’s own target and reward', () => {
    // Target 20 %: 1× at 20, 2× at 60; 40 % is 1 + 20/40 = 1.5.
    expect(pointsFor(19.9, { targetPercent: 20, rewardPoints: 100 })).toBe(0);
    expect(pointsFor(40, { targetPercent: 20, rewardPoints: 100 })).toBe(150);
    expect(pointsFor(60, { targetPercent: 20, rewardPoints: 100 })).toBe(200);
    expect(pointsFor(50, { targetPercent: 10, rewardPoints: 0 })).toBe(0);
    expect(rewardMultiplier(20)).toBe(1.5);
    expect(meetsTarget(10)).toBe(true);
    expect(meetsTarget(5, 0)).toBe(false); // a target of 0 % is no target
  });

  it('measures the cut against the baseline', () => {
    expect(reductionPercent(2, 1.7)).toBeCloseTo(15, 12);
    expect(reductionPercent(2, 2.5)).toBeCloseTo(-25, 12);
    expect(reductionPercent(0, 1)).toBeNull();
  });

  it('is whole, never negative, at most 2× the reward, never falls as the cut grows, and reaches the reward exactly at the target', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1000 }),
        (a, b, target, reward) => {
          const terms = { targetPercent: target, rewardPoints: reward };
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const low = pointsFor(lo, terms);
          const high = pointsFor(hi, terms);
          expect(Number.isInteger(low)).toBe(true);
          expect(low).toBeGreaterThanOrEqual(0);
          expect(high).toBeLessThanOrEqual(2 * reward);
          expect(high).toBeGreaterThanOrEqual(low);
          expect(low >= reward && reward > 0).toBe(lo >= target && reward > 0);
        },
      ),
    );
  });
});

describe('the least cut that earns points (decision 148: 0.05 kWh an hour)', () => {
  it('is 0.05 kWh over an hour of 5-minute intervals, 0.1 over two, in proportion over a part', () => {
    expect(minimumCutKwh(12)).toBe(0.05);
    expect(minimumCutKwh(24)).toBe(0.1);
    expect(minimumCutKwh(6)).toBe(0.025);
    expect(minimumCutKwh(0)).toBe(0);
  });

  it('reads the curve at the cut’s percent only from the least cut on, by hand', () => {
    // A battery covering the evening: 0.08 kWh over two hours, all of it cut, is 100 % of nothing the grid feels.
    expect(paidPercent(0.08, 0, 24)).toBeNull();
    expect(pointsFor(paidPercent(0.08, 0, 24))).toBe(0);
    // 0.1 kWh cut over two hours is the least: 100 % of 0.1 pays 2×.
    expect(paidPercent(0.1, 0, 24)).toBe(100);
    expect(pointsFor(paidPercent(0.1, 0, 24))).toBe(200);
    // 0.9 − 0.8 is 0.09999999999999998 in floats: settled to the millionth it is the least cut, not under it.
    expect(meetsMinimumCut(0.9 - 0.8, 24)).toBe(true);
    expect(paidPercent(0.9, 0.8, 24)).toBeCloseTo(11.111111, 5);
    // An ordinary home: 2 kWh less 10 % is 0.2 kWh, over the least cut; the curve as it was.
    expect(pointsFor(paidPercent(2, 1.8, 24))).toBe(100);
    // A small draw cut by 20 %: 0.4 → 0.32 saves 0.08 kWh, under two hours' least cut, over one hour's.
    expect(paidPercent(0.4, 0.32, 24)).toBeNull();
    expect(pointsFor(paidPercent(0.4, 0.32, 12))).toBe(150);
    // More use than the baseline, or no baseline: nothing.
    expect(paidPercent(1, 1.2, 24)).toBeNull();
    expect(paidPercent(0, 0, 24)).toBeNull();
    expect(meetsMinimumCut(Number.NaN, 24)).toBe(false);
  });

  it('never pays a cut under the least one, whatever the baseline (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: 0, max: 20, noNaN: true }), fc.integer({ min: 1, max: 48 }), (baseline, actual, intervals) => {
        const points = pointsFor(paidPercent(baseline, actual, intervals));
        if (baseline - actual < minimumCutKwh(intervals) - 1e-6) expect(points).toBe(0);
        else expect(points).toBe(pointsFor(reductionPercent(baseline, actual)));
      }),
    );
  });
});
