import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../apps/server/src/simulator/prng';
import { bootstrapRatios, excludesZero, percentileInterval, type RatioSums } from './cluster-bootstrap';

// Home A: two home-events, errors 1 and 3 on true cuts of 1 and 1 → sums 4 and 2.
// Home B: one home-event, error 0 on a true cut of 2 → sums 0 and 2.
const TWO_HOMES: RatioSums = { numerator: Float64Array.from([4, 0]), denominator: Float64Array.from([2, 2]) };

function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++]!;
}

describe('bootstrapRatios', () => {
  it('draws whole homes, in order, from the random numbers given', () => {
    // Draws: ⌊0.1·2⌋ = 0, ⌊0.2·2⌋ = 0 → A, A: 8 ÷ 4 = 2; ⌊0.7·2⌋ = 1, ⌊0.3·2⌋ = 0 → B, A: 4 ÷ 4 = 1;
    // ⌊0.9·2⌋ = 1, ⌊0.6·2⌋ = 1 → B, B: 0 ÷ 4 = 0.
    const result = bootstrapRatios([TWO_HOMES], 2, 3, sequence([0.1, 0.2, 0.7, 0.3, 0.9, 0.6]));
    expect(result).toEqual([[2], [1], [0]]);
  });

  it('keeps a home-event with its home: only AA, AB and BB ratios occur, about a quarter, a half and a quarter', () => {
    // Resampling the three home-events instead would also give e.g. 3 + 3 + 0 over 1 + 1 + 2 = 1.5.
    const result = bootstrapRatios([TWO_HOMES], 2, 4000, mulberry32(31)).map((r) => r[0]!);
    expect(new Set(result)).toEqual(new Set([0, 1, 2]));
    const share = (v: number) => result.filter((x) => x === v).length / result.length;
    expect(share(1)).toBeGreaterThan(0.46);
    expect(share(1)).toBeLessThan(0.54);
    expect(share(0)).toBeGreaterThan(0.22);
    expect(share(2)).toBeGreaterThan(0.22);
    const interval = percentileInterval(1, result);
    expect(interval).toEqual({ estimate: 1, low: 0, high: 2 });
  });

  it('is repeatable from its seed, and computes every statistic on the same draw', () => {
    const flipped: RatioSums = { numerator: Float64Array.from([0, 4]), denominator: Float64Array.from([2, 2]) };
    const a = bootstrapRatios([TWO_HOMES, flipped], 2, 50, mulberry32(7));
    const b = bootstrapRatios([TWO_HOMES, flipped], 2, 50, mulberry32(7));
    expect(a).toEqual(b);
    // A draw of A, A gives 2 and 0; B, B gives 0 and 2; A, B gives 1 and 1: the two always add to 2.
    for (const [x, y] of a) expect(x! + y!).toBe(2);
  });
});

describe('percentileInterval', () => {
  it('takes the ⌈q·n⌉-th smallest of the finite replicates', () => {
    // 40 values 1…40 and two without a ratio: 2.5 % of 40 is the 1st, 97.5 % the 39th.
    const values = [...Array.from({ length: 40 }, (_, i) => 40 - i), Number.NaN, Number.POSITIVE_INFINITY];
    expect(percentileInterval(20, values)).toEqual({ estimate: 20, low: 1, high: 39 });
    // 90 %: the 2nd (⌈0.05·40⌉) and the 38th.
    expect(percentileInterval(20, values, 0.9)).toEqual({ estimate: 20, low: 2, high: 38 });
  });

  it('has no interval without a finite replicate', () => {
    expect(percentileInterval(1, [Number.NaN])).toEqual({ estimate: 1, low: Number.NaN, high: Number.NaN });
  });
});

describe('excludesZero', () => {
  it('says a difference is beyond noise only when its whole interval lies on one side of 0', () => {
    expect(excludesZero({ estimate: 1, low: 0.2, high: 2 })).toBe(true);
    expect(excludesZero({ estimate: -1, low: -2, high: -0.1 })).toBe(true);
    expect(excludesZero({ estimate: 1, low: -0.1, high: 2 })).toBe(false);
    expect(excludesZero({ estimate: 0, low: 0, high: 0 })).toBe(false);
  });
});
