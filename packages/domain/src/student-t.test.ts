import { describe, expect, it } from 'vitest';
import { studentTCdf, studentTCritical } from './student-t';

// Reference values: printed tables for whole df, scipy.stats.t (an independent implementation) for
// the fractional ones a Welch interval needs.
describe('studentTCritical', () => {
  it.each([
    [1, 12.706204736174694],
    [2, 4.302652729749462],
    [3, 3.1824463052837078],
    [4, 2.7764451051977934],
    [10, 2.228138851986274],
    [30, 2.0422724563012378],
    [1000, 1.9623390808264083],
    [7.5, 2.333039626864974],
    [3.234718826405868, 3.055712710425896],
  ])('95 %% two-sided with df %f is %f', (df, expected) => {
    expect(studentTCritical(df)).toBeCloseTo(expected, 9);
  });

  it('90 % two-sided with df 12 is the 95th percentile', () => {
    expect(studentTCritical(12, 0.9)).toBeCloseTo(1.782287555649319, 9);
  });

  it('refuses df ≤ 0 and a confidence outside (0, 1)', () => {
    expect(() => studentTCritical(0)).toThrow(RangeError);
    expect(() => studentTCritical(5, 1)).toThrow(RangeError);
  });
});

describe('studentTCdf', () => {
  it('matches reference values on both sides of 0', () => {
    expect(studentTCdf(1.5, 5)).toBeCloseTo(0.9030481598787634, 12);
    expect(studentTCdf(-2, 3.5)).toBeCloseTo(0.06306926128795672, 12);
    expect(studentTCdf(0, 7)).toBe(0.5);
  });
});
