import { describe, expect, it } from 'vitest';
import { eventSeason, SEASON_GRACE_DAYS, seasonEndsOn, seasonFinalOn, seasonHasEnded, seasonIsFinal } from './event-season';

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

describe('seasonFinalOn and seasonIsFinal', () => {
  it('gives the season’s last event a day to end and the seven-day correction window to be re-settled', () => {
    // A summer ends on 31 October; its last event ends by 1 November, its last re-settlement by 8 November.
    expect(SEASON_GRACE_DAYS).toBe(8);
    expect(seasonFinalOn('2026-summer')).toBe('2026-11-09');
    // A winter ends on 30 April of the next year, in a leap year or not.
    expect(seasonFinalOn('2026-winter')).toBe('2027-05-09');
    expect(seasonFinalOn('2027-winter')).toBe('2028-05-09');
    expect(() => seasonFinalOn('2026-autumn')).toThrow(RangeError);
  });
  it('is final from its final day on, not in the days between the season’s end and it', () => {
    expect(seasonIsFinal('2026-summer', '2026-10-31')).toBe(false);
    // Ended, not final: the grace.
    expect(seasonHasEnded('2026-summer', '2026-11-01')).toBe(true);
    expect(seasonIsFinal('2026-summer', '2026-11-01')).toBe(false);
    expect(seasonIsFinal('2026-summer', '2026-11-08')).toBe(false);
    expect(seasonIsFinal('2026-summer', '2026-11-09')).toBe(true);
    expect(seasonIsFinal('2026-summer', '2027-03-01')).toBe(true);
    expect(seasonIsFinal('2026-winter', '2027-05-08')).toBe(false);
    expect(seasonIsFinal('2026-winter', '2027-05-09')).toBe(true);
    // Final only after it has ended: never while the season runs.
    for (const date of ['2026-11-01', '2027-04-30', '2027-05-01', '2027-10-31']) expect(seasonIsFinal(eventSeason(date), date)).toBe(false);
  });
});
