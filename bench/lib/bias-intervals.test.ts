import { describe, expect, it } from 'vitest';
import type { Outcome } from './baseline-scoring';
import { biasSpec, formatInterval, ratioIntervals } from './bias-intervals';

/** A home-event with a baseline of `baseline` kWh for method "m", an actual of `actual` and a counterfactual of `counterfactual`. */
function outcome(homeIndex: number, baseline: number | null, actual: number, counterfactual: number, solar = false): Outcome {
  return {
    homeIndex, placebo: false, behaviour: 'hard', heating: 'gas', solar, ev: false, season: 'winter', newMember: false,
    actualKwh: actual, counterfactualKwh: counterfactual, scoredActualKwh: actual, gamingKwh: 0, noiseKwh: null,
    baseline: new Map([['m', baseline]]),
  };
}

describe('ratioIntervals with biasSpec', () => {
  it('gives the bias by hand, and an interval of one point when every home has the same ratio', () => {
    // Each home: baseline 2.2, actual 1, counterfactual 2 → estimated 1.2, true 1: +20 % whichever homes are drawn.
    const outcomes = [0, 1, 2, 3].map((h) => outcome(h, 2.2, 1, 2));
    const [all] = ratioIntervals(outcomes, [biasSpec('m', () => true)]).intervals;
    expect(all!.estimate).toBeCloseTo(20, 9);
    expect(all!.low).toBeCloseTo(20, 9);
    expect(all!.high).toBeCloseTo(20, 9);
  });

  it('pays a home without a baseline nothing, and sums a home\'s events before the ratio', () => {
    // Home 0: two events, errors (3 − 1) − 1 = +1 and (0 paid) − 1 = −1 → 0 on a true 2; home 1: (2 − 1) − 2 = −1 on a true 2.
    const outcomes = [outcome(0, 3, 1, 2), outcome(0, null, 1, 2), outcome(1, 2, 1, 3)];
    const { intervals } = ratioIntervals(outcomes, [biasSpec('m', () => true)], [], { replicates: 200, seed: 1 });
    // (0 − 1) ÷ (2 + 2) = −25 %; a draw of home 0 twice gives 0 %, of home 1 twice −50 %.
    expect(intervals[0]!.estimate).toBeCloseTo(-25, 9);
    expect(intervals[0]!.low).toBeCloseTo(-50, 9);
    expect(intervals[0]!.high).toBeCloseTo(0, 9);
  });

  it('gives a segment\'s bias over its own home-events and a difference from the same draws', () => {
    // Solar home 0: +50 % (estimated 1.5, true 1); home 1 without solar: 0 %.
    const outcomes = [outcome(0, 2.5, 1, 2, true), outcome(1, 2, 1, 2)];
    const { intervals, differences } = ratioIntervals(outcomes, [biasSpec('m', (o) => o.solar), biasSpec('m', (o) => !o.solar)], [[0, 1]], { replicates: 200, seed: 3 });
    expect(intervals[0]!.estimate).toBeCloseTo(50, 9);
    expect(intervals[1]!.estimate).toBeCloseTo(0, 9);
    expect(differences[0]!.estimate).toBeCloseTo(50, 9);
    // A draw without the solar home has no solar ratio (0 ÷ 0): left out, so every finite difference is 50.
    expect(differences[0]!.low).toBeCloseTo(50, 9);
    expect(differences[0]!.high).toBeCloseTo(50, 9);
  });
});

describe('formatInterval', () => {
  it('signs the figures and leaves the range out without one', () => {
    expect(formatInterval({ estimate: 5.5, low: 2.16, high: 8.64 })).toBe('+5.5 % [+2.2, +8.6]');
    expect(formatInterval({ estimate: -0.8, low: Number.NaN, high: Number.NaN }, ' pts')).toBe('-0.8 pts');
    expect(formatInterval({ estimate: Number.NaN, low: 1, high: 2 })).toBe('–');
  });
});
