import { describe, expect, it } from 'vitest';
import { initialOrderStatus, isCodeKind, needsShipping, nextOrderStatus, nextRewardTarget, pointsValueCents } from './reward-rules';

describe('reward rules', () => {
  it('codes for gift cards and discount codes, an address for physical items only', () => {
    expect([isCodeKind('gift_card'), isCodeKind('discount_code'), isCodeKind('physical'), isCodeKind('charity')]).toEqual([true, true, false, false]);
    expect([needsShipping('physical'), needsShipping('gift_card'), needsShipping('charity')]).toEqual([true, false, false]);
  });

  it('physical orders start ordered and move ordered → shipped → delivered; the rest are fulfilled at once', () => {
    expect(initialOrderStatus('physical')).toBe('ordered');
    expect(initialOrderStatus('charity')).toBe('fulfilled');
    expect(initialOrderStatus('gift_card')).toBe('fulfilled');
    expect(nextOrderStatus('ordered')).toBe('shipped');
    expect(nextOrderStatus('shipped')).toBe('delivered');
    expect(nextOrderStatus('delivered')).toBeNull();
    expect(nextOrderStatus('fulfilled')).toBeNull();
  });

  it('100 points are a dollar', () => {
    expect(pointsValueCents(2450)).toBe(2450);
  });

  it('the next reward is the cheapest costing more than the balance', () => {
    const items = [{ pointsCost: 3000 }, { pointsCost: 1000 }, { pointsCost: 2500 }];
    expect(nextRewardTarget(350, items)).toEqual({ item: { pointsCost: 1000 }, pointsNeeded: 650 });
    // A reward the balance exactly covers is already within reach, so the next one is the aim.
    expect(nextRewardTarget(1000, items)).toEqual({ item: { pointsCost: 2500 }, pointsNeeded: 1500 });
    expect(nextRewardTarget(3000, items)).toBeNull();
    expect(nextRewardTarget(0, [])).toBeNull();
  });
});
