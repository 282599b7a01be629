import { describe, expect, it } from 'vitest';
import { completedIntervalsEnd, todaySoFar } from './today-so-far';

describe('completedIntervalsEnd', () => {
  it('is the start of the interval in progress', () => {
    expect(completedIntervalsEnd(new Date('2026-01-15T19:37:20Z')).toISOString()).toBe('2026-01-15T19:35:00.000Z');
    expect(completedIntervalsEnd(new Date('2026-01-15T19:39:59.999Z')).toISOString()).toBe('2026-01-15T19:35:00.000Z');
  });

  it('on a boundary, the interval that has just begun is in progress and left out', () => {
    expect(completedIntervalsEnd(new Date('2026-01-15T19:35:00Z')).toISOString()).toBe('2026-01-15T19:35:00.000Z');
  });
});

describe('todaySoFar', () => {
  it('runs from local midnight to the start of the interval in progress (Toronto, EST)', () => {
    // 14:37:20 local on 2026-01-15; midnight is 05:00Z.
    expect(todaySoFar(new Date('2026-01-15T19:37:20Z'), 'America/Toronto')).toEqual({
      from: new Date('2026-01-15T05:00:00Z'),
      to: new Date('2026-01-15T19:35:00Z'),
    });
  });

  it('is empty in the first interval of the day', () => {
    const span = todaySoFar(new Date('2026-01-15T05:03:00Z'), 'America/Toronto');
    expect(span.from.toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(span.to.toISOString()).toBe('2026-01-15T05:00:00.000Z');
  });

  it('starts at the local midnight of a half-hour zone and on a DST day', () => {
    // St. John's, NST (UTC−3:30): 09:12 local → midnight 03:30Z, cut at 12:40Z.
    expect(todaySoFar(new Date('2026-01-15T12:42:00Z'), 'America/St_Johns')).toEqual({
      from: new Date('2026-01-15T03:30:00Z'),
      to: new Date('2026-01-15T12:40:00Z'),
    });
    // Toronto, 2026-03-08 (spring forward at 02:00): midnight is still EST, 05:00Z.
    expect(todaySoFar(new Date('2026-03-08T15:01:00Z'), 'America/Toronto').from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });
});
