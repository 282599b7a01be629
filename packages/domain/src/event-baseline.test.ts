import { describe, expect, it } from 'vitest';
import type { Baseline } from './event-baseline';
import { additiveAdjustment, baselineDays, computeBaseline, sameDayAdjustment } from './event-baseline';
import type { DayReadings } from './event-intervals';
import { clockOf, daySlots } from './event-intervals';
import type { LocalDate } from './local-time';
import { localDatesInRange } from './local-time';
import { provincialHolidayDates } from './provincial-holidays';

const TORONTO = 'America/Toronto';
const HOLIDAYS = provincialHolidayDates('ON', 2025); // Canada Day, Tuesday 2025-07-01, among them
const PAST_EVENTS = ['2025-07-10'];

/** Readings for every slot of every day in the range; `kwh` returns undefined for a gap. */
function readings(first: LocalDate, last: LocalDate, kwh: (date: LocalDate, clock: string) => number | undefined): Map<LocalDate, Record<string, number>> {
  const days = new Map<LocalDate, Record<string, number>>();
  for (const date of localDatesInRange(first, last)) {
    const day: Record<string, number> = {};
    for (const slot of daySlots(date, TORONTO)) {
      const value = kwh(date, clockOf(slot));
      if (value !== undefined) day[slot] = value;
    }
    days.set(date, day);
  }
  return days;
}

// Event: Thursday 2025-07-17, 18:00–19:00 EDT. Eligible weekdays, most recent first: Jul 16,
// 15, 14, 11, 9, 8, 7, 4, 3, 2 (Jul 10 was an event, Jul 1 a holiday). They use 0.2 kWh per
// event slot, except Jul 2 (0.3) and Jul 3 (0.1): mean 0.2. Every day that must be left out uses
// 10 kWh, so a mistake shows. Every day uses 0.1 kWh per slot in the adjustment window.
const ELIGIBLE = ['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11', '2025-07-09', '2025-07-08', '2025-07-07', '2025-07-04', '2025-07-03', '2025-07-02'];
const eveningOf = (date: LocalDate) => (!ELIGIBLE.includes(date) ? 10 : date === '2025-07-02' ? 0.3 : date === '2025-07-03' ? 0.1 : 0.2);
const usual = (date: LocalDate, clock: string) => (clock >= '18:00' && clock < '19:00' ? eveningOf(date) : 0.1);
const START = new Date('2025-07-17T22:00:00Z');
const END = new Date('2025-07-17T23:00:00Z');

/** History June 1 – July 16, plus the event day whose window uses `windowKwh` per slot. */
function withEventDay(windowKwh: number | undefined, history: Map<LocalDate, Record<string, number>> = readings('2025-06-01', '2025-07-16', usual)): DayReadings {
  const day = readings('2025-07-17', '2025-07-17', (_, clock) => (clock >= '14:00' && clock < '17:00' ? windowKwh : undefined));
  return new Map([...history, ...day]);
}

const baseline = (days: DayReadings, start = START, end = END): Baseline =>
  computeBaseline({ eventStart: start, eventEnd: end, timeZone: TORONTO, readings: days, eventDates: PAST_EVENTS, holidays: HOLIDAYS });

describe('baseline days', () => {
  const needed = ['14:00', '18:00'];
  const history = readings('2025-06-01', '2025-07-16', usual);

  it('takes the last 10 weekdays that were neither events nor holidays', () => {
    const chosen = baselineDays({ eventDate: '2025-07-17', neededClocks: needed, readings: history, eventDates: PAST_EVENTS, holidays: HOLIDAYS });
    expect(chosen).toEqual({ kind: 'weekday', days: ELIGIBLE });
  });

  it('takes the last 4 weekend days or holidays for a weekend event', () => {
    // Saturday 2025-07-05: Canada Day (Tue Jul 1), Sun Jun 29, Sat Jun 28, Sun Jun 22.
    const chosen = baselineDays({ eventDate: '2025-07-05', neededClocks: needed, readings: history, eventDates: ['2025-06-21'], holidays: HOLIDAYS });
    expect(chosen).toEqual({ kind: 'weekend-or-holiday', days: ['2025-07-01', '2025-06-29', '2025-06-28', '2025-06-22'] });
    // A holiday on a weekday (Canada Day) is an event day of the weekend kind too.
    expect(baselineDays({ eventDate: '2025-07-01', neededClocks: needed, readings: history, eventDates: [], holidays: HOLIDAYS }).kind).toBe('weekend-or-holiday');
  });

  it('skips a day with a gap in a needed slot, but not one with a gap elsewhere', () => {
    const gaps = new Map(history);
    gaps.set('2025-07-16', { ...history.get('2025-07-16'), '18:00': Number.NaN });
    const rest = { ...history.get('2025-07-15') };
    delete rest['03:00'];
    gaps.set('2025-07-15', rest);
    const { days } = baselineDays({ eventDate: '2025-07-17', neededClocks: needed, readings: gaps, eventDates: PAST_EVENTS, holidays: HOLIDAYS });
    expect(days).not.toContain('2025-07-16');
    expect(days).toContain('2025-07-15');
    expect(days.at(-1)).toBe('2025-06-30'); // the next eligible weekday back
  });

  it('looks back 45 days at most', () => {
    const old = readings('2025-05-01', '2025-06-01', usual); // Jun 1 is 46 days before Jul 17
    expect(baselineDays({ eventDate: '2025-07-17', neededClocks: needed, readings: old, eventDates: [], holidays: [] }).days).toEqual([]);
    const edge = readings('2025-06-02', '2025-06-02', usual); // 45 days before
    expect(baselineDays({ eventDate: '2025-07-17', neededClocks: needed, readings: edge, eventDates: [], holidays: [] }).days).toEqual(['2025-06-02']);
  });
});

describe('computeBaseline', () => {
  it('adjusts by the hours before the event (hand-computed)', () => {
    // Window: typical 0.1 per slot; today 0.11, 0.01 more per slot. The baseline, 12 × 0.2 = 2.4,
    // gains 12 × 0.01 = 0.12: 2.52, or 0.21 per slot (a ratio of 1.1 would have made it 0.22).
    const result = baseline(withEventDay(0.11));
    if (!result.ok) throw new Error('expected a baseline');
    expect(result.days).toEqual(ELIGIBLE);
    expect(result.adjustment).toMatchObject({ method: 'additive', status: 'applied' });
    expect(result.adjustment.factor).toBeCloseTo(2.52 / 2.4, 12);
    expect(result.slots).toHaveLength(12);
    expect(result.unadjustedKwhBySlot['18:30']).toBeCloseTo(0.2, 12);
    expect(result.kwhBySlot['18:55']).toBeCloseTo(0.21, 12);
    expect(result.kwhBySlot['19:00']).toBeUndefined();
  });

  it('caps the added amount at ±20 % of the baseline', () => {
    // +0.2 per slot: 12 × 0.2 = 2.4 added to 2.4 (uncapped: twice the baseline), capped at +0.48.
    // −0.05 per slot: −0.6, capped at −0.48.
    const high = baseline(withEventDay(0.3));
    const low = baseline(withEventDay(0.05));
    if (!high.ok || !low.ok) throw new Error('expected baselines');
    expect(high.adjustment).toMatchObject({ unclamped: expect.closeTo(2, 9), factor: expect.closeTo(1.2, 12), status: 'clamped' });
    expect(high.kwhBySlot['18:00']).toBeCloseTo(0.24, 12);
    expect(low.adjustment).toMatchObject({ unclamped: expect.closeTo(1.8 / 2.4, 9), factor: expect.closeTo(0.8, 12), status: 'clamped' });
    expect(low.kwhBySlot['18:00']).toBeCloseTo(0.16, 12);
  });

  it('makes no adjustment, and says why, without data, with a zero window, or before 4 a.m.', () => {
    const none = baseline(withEventDay(undefined));
    expect(none.ok && none.adjustment).toMatchObject({ factor: 1, unclamped: null, status: 'missing_data' });
    // Nothing usually used over the event: no share of it to cap an added amount at.
    const zero = baseline(withEventDay(0.2, readings('2025-06-01', '2025-07-16', (_d, c) => (c >= '18:00' && c < '19:00' ? 0 : 0.1))));
    expect(zero.ok && zero.adjustment).toMatchObject({ factor: 1, status: 'zero_baseline' });
    const night = baseline(withEventDay(0.1), new Date('2025-07-17T06:00:00Z'), new Date('2025-07-17T07:00:00Z'));
    expect(night.ok && night.adjustment).toMatchObject({ factor: 1, status: 'window_outside_day', slots: [] });
  });

  it('uses the window when at least half of it is in, and not below', () => {
    const typical = Object.fromEntries(['a', 'b', 'c', 'd'].map((s) => [s, 1]));
    const window = { date: '2025-07-17', slots: ['a', 'b', 'c', 'd'] };
    expect(sameDayAdjustment(window, typical, { a: 1.1, b: 1.1 })).toMatchObject({ factor: expect.closeTo(1.1, 12), status: 'applied' });
    expect(sameDayAdjustment(window, typical, { a: 1.1 })).toMatchObject({ factor: 1, status: 'missing_data' });
    // Additive, over the two that are in: 0.1 more per slot, times 3 event slots, on a baseline of 6.
    expect(additiveAdjustment(window, typical, { a: 1.1, b: 1.1 }, 6, 3)).toMatchObject({ factor: expect.closeTo(6.3 / 6, 12), status: 'applied' });
    expect(additiveAdjustment(window, typical, { a: 1.1 }, 6, 3)).toMatchObject({ factor: 1, status: 'missing_data' });
  });

  it('keeps decision 029’s ratio when asked for it', () => {
    const result = computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings: withEventDay(0.11), eventDates: PAST_EVENTS, holidays: HOLIDAYS, adjustment: 'multiplicative' });
    expect(result.ok && result.adjustment).toMatchObject({ method: 'multiplicative', factor: expect.closeTo(1.1, 12), status: 'applied' });
  });

  it('gives no baseline with fewer than 5 eligible weekdays, and says which days it found', () => {
    // Only Jul 16, 15, 14, 11 have data in the event hour.
    const sparse = readings('2025-06-01', '2025-07-16', (d, c) => (c >= '18:00' && c < '19:00' && d < '2025-07-11' ? undefined : usual(d, c)));
    expect(baseline(withEventDay(0.1, sparse))).toEqual({
      ok: false,
      reason: 'insufficient_history',
      eventDate: '2025-07-17',
      days: ['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11'],
    });
    // With Jul 9 too there are five: enough.
    const five = readings('2025-06-01', '2025-07-16', (d, c) => (c >= '18:00' && c < '19:00' && d < '2025-07-09' ? undefined : usual(d, c)));
    expect(baseline(withEventDay(0.1, five))).toMatchObject({ ok: true, days: ['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11', '2025-07-09'] });
  });

  it('refuses an event that reaches a third local day (one past midnight is scored: event-baseline-midnight.test.ts)', () => {
    const result = baseline(withEventDay(0.1), new Date('2025-07-18T03:30:00Z'), new Date('2025-07-19T04:30:00Z'));
    expect(result).toMatchObject({ ok: false, reason: 'event_crosses_midnight' });
  });
});

describe('DST', () => {
  // Use depends only on the local clock: 1 kWh per slot from 18:00 to 19:00, 5 kWh the hour
  // before, 0.1 otherwise. Lining days up by UTC instead of clock time would mix in the 5s.
  const byClock = (_: LocalDate, clock: string) => (clock >= '18:00' && clock < '19:00' ? 1 : clock >= '17:00' && clock < '18:00' ? 5 : 0.1);

  it('aligns the first evening after the spring change with the standard-time days before it', () => {
    // Monday 2025-03-10 18:00 EDT = 22:00 UTC; the previous weekdays were in EST (18:00 = 23:00 UTC).
    const days = readings('2025-02-10', '2025-03-10', byClock);
    const result = computeBaseline({ eventStart: new Date('2025-03-10T22:00:00Z'), eventEnd: new Date('2025-03-10T23:00:00Z'), timeZone: TORONTO, readings: days, eventDates: [], holidays: [] });
    if (!result.ok) throw new Error('expected a baseline');
    expect(result.days).toHaveLength(10);
    expect(result.slots).toHaveLength(12);
    expect(Object.values(result.kwhBySlot)).toEqual(Array(12).fill(1));
  });

  it('baselines the repeated hour of the fall-back night on the same clock time', () => {
    // Sunday 2025-11-02 01:00 EDT (05:00 UTC) to 03:00 EST (08:00 UTC): 36 real intervals.
    const days = readings('2025-09-01', '2025-11-02', (_, clock) => (clock < '02:00' ? 0.5 : clock < '03:00' ? 0.7 : 0.1));
    const result = computeBaseline({ eventStart: new Date('2025-11-02T05:00:00Z'), eventEnd: new Date('2025-11-02T08:00:00Z'), timeZone: TORONTO, readings: days, eventDates: [], holidays: [] });
    if (!result.ok) throw new Error('expected a baseline');
    expect(result.kind).toBe('weekend-or-holiday');
    expect(result.slots).toHaveLength(36);
    expect(result.kwhBySlot['01:05']).toBe(0.5);
    expect(result.kwhBySlot['01:05#2']).toBe(0.5);
    expect(result.kwhBySlot['02:05']).toBe(0.7);
  });
});
