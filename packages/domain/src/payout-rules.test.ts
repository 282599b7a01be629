import { describe, expect, it } from 'vitest';
import { cashOutAmountProblem, CASH_OUT_MINIMUM_POINTS, needsReview } from './payout-rules';

describe('cash-out rules', () => {
  it('refuses amounts below the minimum, past the balance, or not whole', () => {
    expect(CASH_OUT_MINIMUM_POINTS).toBe(1000);
    expect(cashOutAmountProblem(999, 5000)).toBe('below_minimum');
    expect(cashOutAmountProblem(1000, 999)).toBe('insufficient_points');
    expect(cashOutAmountProblem(1000.5, 5000)).toBe('not_whole');
    expect(cashOutAmountProblem(1000, 1000)).toBeNull();
  });
  it('holds only amounts above the threshold', () => {
    expect(needsReview(10_000, 10_000)).toBe(false);
    expect(needsReview(10_001, 10_000)).toBe(true);
  });
});
