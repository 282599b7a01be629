import { describe, expect, it } from 'vitest';
import { applyRate, roundCents } from './billing-rounding';

describe('roundCents: nearest cent, halves away from zero', () => {
  it('rounds halves up for charges and down for credits', () => {
    expect(roundCents(2.5)).toBe(3);
    expect(roundCents(3.5)).toBe(4); // not banker's (which would give 4 here but 2 for 2.5)
    expect(roundCents(-2.5)).toBe(-3);
    expect(roundCents(0.5)).toBe(1);
    expect(roundCents(-0.5)).toBe(-1);
  });

  it('rounds below a half towards the nearer cent', () => {
    expect(roundCents(2.4999)).toBe(2);
    expect(roundCents(-2.4999)).toBe(-2);
    expect(roundCents(2.5001)).toBe(3);
    expect(roundCents(0.4)).toBe(0);
    expect(Object.is(roundCents(-0.4), 0)).toBe(true);
  });

  it('treats a product that should be a half as a half despite binary error', () => {
    // 1.005 kWh at 100 ¢ is 100.5 ¢; in doubles the product is 100.49999999999999.
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(roundCents(1.005 * 100)).toBe(101);
    // 0.15 kWh × 15 ¢ = 2.25 ¢ → 2; 0.35 × 10 = 3.5 → 4
    expect(roundCents(0.15 * 15)).toBe(2);
    expect(roundCents(0.35 * 10)).toBe(4);
  });

  it('refuses what is not a number', () => {
    expect(() => roundCents(Number.NaN)).toThrow(RangeError);
    expect(() => roundCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('applyRate: integer cents × rate per million', () => {
  it('computes 13 % HST with a half cent rounding up', () => {
    // 1,250 ¢ × 13 % = 162.5 ¢ → 163
    expect(applyRate(1250, 130_000)).toBe(163);
    // 1,249 ¢ × 13 % = 162.37 → 162
    expect(applyRate(1249, 130_000)).toBe(162);
  });

  it('computes QST 9.975 % exactly', () => {
    // 10,000 ¢ × 9.975 % = 997.5 → 998
    expect(applyRate(10_000, 99_750)).toBe(998);
    // 3,333 ¢ × 9.975 % = 332.46675 → 332
    expect(applyRate(3333, 99_750)).toBe(332);
  });

  it('mirrors credits', () => {
    expect(applyRate(-1250, 130_000)).toBe(-163);
    expect(applyRate(1250, -130_000)).toBe(-163);
    expect(applyRate(0, 130_000)).toBe(0);
  });

  it('takes only integers', () => {
    expect(() => applyRate(12.5, 130_000)).toThrow(RangeError);
    expect(() => applyRate(100, 0.13)).toThrow(RangeError);
  });
});
