import { describe, expect, it } from 'vitest';
import { eventSeason, seasonEndsOn, seasonHasEnded } from './event-season';

describe('eventSeason', () => {
  it('names winter after the year it starts in', () => {
    expect(eventSeason('2026-11-01')).toBe('2026-winter');
    expect(eventSeason('2027-04-30')).toBe('2026-winter');
    expect(eventSeason('2027-05-01')).toBe('2027-summer');
    expect(eventSeason('2027-10-31')).toBe('2027-summer');
    expect(eventSeason('2027-01-15')).toBe('2026-winter');
  });
  it('refuses what is not a date', () => {
    expect(() => eventSeason('2027-1-15')).toThrow(RangeError);
  });
});

describe('seasonEndsOn and seasonHasEnded', () => {
  it('ends a summer on 31 October and a winter on 30 April of the next year', () => {
    expect(seasonEndsOn('2027-summer')).toBe('2027-10-31');
    expect(seasonEndsOn('2026-winter')).toBe('2027-04-30');
    expect(() => seasonEndsOn('2026-spring')).toThrow(RangeError);
  });
  it('is over from the day after its last day', () => {
    expect(seasonHasEnded('2027-summer', '2027-10-31')).toBe(false);
    expect(seasonHasEnded('2027-summer', '2027-11-01')).toBe(true);
    expect(seasonHasEnded('2026-winter', '2027-04-30')).toBe(false);
    expect(seasonHasEnded('2026-winter', '2027-05-01')).toBe(true);
    // Every date of a season is in it, and its end is the last such date.
    for (const date of ['2026-11-01', '2027-02-28', '2027-04-30', '2027-05-01', '2027-10-31']) expect(seasonHasEnded(eventSeason(date), date)).toBe(false);
  });
});
