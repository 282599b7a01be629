import { describe, expect, it } from 'vitest';
import { firstOpenDay, nextDayStart } from './reading-compaction-days';

describe('firstOpenDay', () => {
  it('is the UTC day holding the instant one window before now', () => {
    // 2026-11-29T10:00Z minus 7 days is 2026-11-22T10:00Z: the 22nd is still open, the 21st ended
    // at 2026-11-22T00:00Z, more than 7 days before now.
    expect(firstOpenDay(new Date('2026-11-29T10:00:00Z'), 7)).toBe('2026-11-22');
  });

  it('keeps a day open until exactly one window after its end', () => {
    // The 21st ends at 2026-11-22T00:00Z; one millisecond short of 7 days after that it is still open.
    expect(firstOpenDay(new Date('2026-11-28T23:59:59.999Z'), 7)).toBe('2026-11-21');
    expect(firstOpenDay(new Date('2026-11-29T00:00:00Z'), 7)).toBe('2026-11-22');
  });

  it('refuses a window that is not a whole number of days', () => {
    expect(() => firstOpenDay(new Date(), 1.5)).toThrow(RangeError);
    expect(() => firstOpenDay(new Date(), -1)).toThrow(RangeError);
  });
});

describe('nextDayStart', () => {
  it('is the next UTC midnight, never now itself', () => {
    expect(nextDayStart(new Date('2026-11-29T10:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextDayStart(new Date('2026-11-29T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });
});
