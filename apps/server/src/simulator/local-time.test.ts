import { describe, expect, it } from 'vitest';
import { localDay } from '@peakwise/domain/local-time';
import { localTime, utcOffsetMinutes } from './local-time';

const TZ = 'America/Toronto';

describe('local time', () => {
  it('follows Toronto daylight saving', () => {
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 1, 12), TZ)).toBe(-240);
    expect(utcOffsetMinutes(Date.UTC(2026, 0, 15, 12), TZ)).toBe(-300);
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 1, 12), 'America/St_Johns')).toBe(-150);
  });

  it('reports the local calendar fields', () => {
    // 2026-01-16 03:30 UTC is Thursday 2026-01-15 22:30 EST.
    const t = localTime(Date.UTC(2026, 0, 16, 3, 30), TZ);
    expect(t).toMatchObject({ year: 2026, month: 1, day: 15, weekday: 4, minuteOfDay: 22 * 60 + 30, dayOfYear: 15 });
  });

  it('sizes local days across DST changes', () => {
    const fallBack = localDay('2026-11-01', TZ);
    expect(fallBack.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(fallBack.hours).toBe(25);
    expect(localDay('2026-03-08', TZ).hours).toBe(23);
    expect(localDay('2026-07-01', TZ).hours).toBe(24);
    // The models' local clock agrees with the domain's day bounds on both sides of the change.
    expect(localTime(fallBack.start.getTime(), TZ)).toMatchObject({ day: 1, minuteOfDay: 0 });
    expect(localTime(fallBack.end.getTime() - 60_000, TZ)).toMatchObject({ day: 1, minuteOfDay: 23 * 60 + 59 });
  });
});
