import { describe, expect, it } from 'vitest';
import { holdoutSize, seasonHoldoutCap } from './event-holdout';

describe('holdoutSize', () => {
  it('rounds the share down', () => {
    expect(holdoutSize(100, 5)).toBe(5);
    expect(holdoutSize(19, 5)).toBe(0);
    expect(holdoutSize(20, 5)).toBe(1);
    expect(holdoutSize(39, 5)).toBe(1);
    expect(holdoutSize(7, 50)).toBe(3);
    expect(holdoutSize(100_000, 0)).toBe(0);
  });
  it('refuses a share outside 0–50 % or a fraction', () => {
    expect(() => holdoutSize(10, 51)).toThrow(RangeError);
    expect(() => holdoutSize(10, -1)).toThrow(RangeError);
    expect(() => holdoutSize(10, 2.5)).toThrow(RangeError);
  });
});

describe('seasonHoldoutCap', () => {
  it('allows one hold-out in five events, rounded up', () => {
    expect([1, 2, 5, 6, 10, 11].map(seasonHoldoutCap)).toEqual([1, 1, 1, 2, 2, 3]);
    expect(() => seasonHoldoutCap(0)).toThrow(RangeError);
  });
});
