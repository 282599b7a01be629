import { describe, expect, it } from 'vitest';
import { bonusMonth, earnsMonthlyBonus, nextBonusMonth } from './monthly-bonus';

describe('monthly bonus', () => {
  it('needs every event of the area, and at least one', () => {
    expect(earnsMonthlyBonus(['e1', 'e2'], new Set(['e1', 'e2']))).toBe(true);
    expect(earnsMonthlyBonus(['e1', 'e2'], new Set(['e1']))).toBe(false);
    expect(earnsMonthlyBonus([], new Set())).toBe(false);
    // Taking part in an event elsewhere (another program) changes nothing.
    expect(earnsMonthlyBonus(['e1'], new Set(['e1', 'elsewhere']))).toBe(true);
  });

  it('cuts months on Toronto time', () => {
    const m = bonusMonth('2026-11');
    expect(m.startsAt.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(m.endsAt.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(bonusMonth('2026-12').endsAt.toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(nextBonusMonth('2026-12')).toBe('2027-01');
  });
});
