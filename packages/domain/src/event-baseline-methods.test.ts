import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AveragingMethod, MethodInput } from './event-baseline-methods';
import { averagingBaseline, slotsKwh } from './event-baseline-methods';
import type { LocalDate } from './local-time';
import { addDays, isWeekend, localDatesInRange } from './local-time';
import { provincialHolidayDates } from './provincial-holidays';

// Event: Thursday 2025-07-17, two slots at 18:00 and 18:05; window 16:00 and 16:05. Eligible
// weekdays, most recent first: Jul 16, 15, 14, 11, 9, 8, 7, 4, 3, 2 (Jul 10 was an event, Jul 1
// Canada Day). Each uses 0.2 kWh per event slot (0.4 over the event), except Jul 2 (0.3 a slot,
// 0.6) and Jul 3 (0.1, 0.2): mean 0.4. Every day uses 0.1 kWh per window slot. Days that must be
// left out use 5 kWh a slot, so a mistake shows.
const EVENT_DATE = '2025-07-17';
const EVENT = ['18:00', '18:05'];
const WINDOW = ['16:00', '16:05'];
const HOLIDAYS = provincialHolidayDates('ON', 2025);
const ELIGIBLE = ['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11', '2025-07-09', '2025-07-08', '2025-07-07', '2025-07-04', '2025-07-03', '2025-07-02'];

function perSlot(date: LocalDate): number {
  if (!ELIGIBLE.includes(date)) return 5;
  return date === '2025-07-02' ? 0.3 : date === '2025-07-03' ? 0.1 : 0.2;
}

function history(first: LocalDate = '2025-06-01'): Map<LocalDate, Record<string, number>> {
  const days = new Map<LocalDate, Record<string, number>>();
  for (const date of localDatesInRange(first, '2025-07-16')) {
    days.set(date, { '16:00': 0.1, '16:05': 0.1, '18:00': perSlot(date), '18:05': perSlot(date) });
  }
  return days;
}

function input(today: Record<string, number>, readings = history()): MethodInput {
  const all = new Map(readings);
  all.set(EVENT_DATE, today);
  return { eventDate: EVENT_DATE, eventSlots: EVENT, windowSlots: WINDOW, readings: all, eventDates: ['2025-07-10'], holidays: HOLIDAYS };
}

const TEN = { keep: 10, pick: 'recent' } as const;
const kwh = (r: ReturnType<typeof averagingBaseline>) => (r.ok ? r.kwh : null);

describe('averagingBaseline by hand', () => {
  it('10 of 10 without adjustment is the mean of the ten eligible days', () => {
    const r = averagingBaseline(input({ '16:00': 0.15, '16:05': 0.15 }), { ...TEN, adjustment: 'none', cap: 0 });
    expect(r.ok && r.days).toEqual(ELIGIBLE);
    expect(kwh(r)).toBeCloseTo(0.4, 12);
  });

  it('high 5 of 10 keeps the five highest days, ties to the most recent', () => {
    const r = averagingBaseline(input({}), { keep: 5, pick: 'highest', adjustment: 'none', cap: 0 });
    expect(r.ok && r.days).toEqual(['2025-07-02', '2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11']);
    expect(kwh(r)).toBeCloseTo((0.6 + 4 * 0.4) / 5, 12);
  });

  it('multiplies by today ÷ typical over the window, within the cap', () => {
    const high = input({ '16:00': 0.15, '16:05': 0.15 }); // 1.5× the usual 0.1
    expect(kwh(averagingBaseline(high, { ...TEN, adjustment: 'multiplicative', cap: 0.2 }))).toBeCloseTo(0.48, 12);
    expect(kwh(averagingBaseline(high, { ...TEN, adjustment: 'multiplicative', cap: 0.4 }))).toBeCloseTo(0.56, 12);
    expect(kwh(averagingBaseline(high, { ...TEN, adjustment: 'multiplicative', cap: Infinity }))).toBeCloseTo(0.6, 12);
    const low = input({ '16:00': 0.05, '16:05': 0.05 });
    expect(kwh(averagingBaseline(low, { ...TEN, adjustment: 'multiplicative', cap: 0.2 }))).toBeCloseTo(0.32, 12);
  });

  it('adds today − typical per window slot for each event slot, within the cap', () => {
    const high = input({ '16:00': 0.15, '16:05': 0.15 }); // +0.05 a slot × 2 slots = +0.1
    expect(kwh(averagingBaseline(high, { ...TEN, adjustment: 'additive', cap: Infinity }))).toBeCloseTo(0.5, 12);
    expect(kwh(averagingBaseline(high, { ...TEN, adjustment: 'additive', cap: 0.2 }))).toBeCloseTo(0.48, 12);
    const low = input({ '16:00': 0.05, '16:05': 0.05 });
    expect(kwh(averagingBaseline(low, { ...TEN, adjustment: 'additive', cap: Infinity }))).toBeCloseTo(0.3, 12);
  });

  it('adjusts over the window slots that are in when at least half are, and not at all below that', () => {
    const half = input({ '16:00': 0.2 }); // one of two: today 0.2 a slot, twice the usual
    expect(kwh(averagingBaseline(half, { ...TEN, adjustment: 'multiplicative', cap: Infinity }))).toBeCloseTo(0.8, 12);
    const none = input({});
    expect(kwh(averagingBaseline(none, { ...TEN, adjustment: 'additive', cap: Infinity }))).toBeCloseTo(0.4, 12);
  });

  it('has no baseline with fewer than 5 eligible weekdays, and says which it found', () => {
    const r = averagingBaseline(input({}, history('2025-07-11')), { ...TEN, adjustment: 'none', cap: 0 });
    expect(r).toEqual({ ok: false, reason: 'insufficient_history', days: ['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11'] });
  });

  it('sums the clock times of a day, or null when one is missing', () => {
    expect(slotsKwh(history(), '2025-07-02', EVENT)).toBeCloseTo(0.6, 12);
    expect(slotsKwh(history(), '2025-07-02', ['18:00', '18:10'])).toBeNull();
    expect(slotsKwh(history(), '2024-01-01', EVENT)).toBeNull();
  });
});

const METHODS: AveragingMethod[] = [
  { keep: 10, pick: 'recent', adjustment: 'none', cap: 0 },
  { keep: 10, pick: 'recent', adjustment: 'multiplicative', cap: 0.2 },
  { keep: 10, pick: 'recent', adjustment: 'additive', cap: Infinity },
  { keep: 5, pick: 'highest', adjustment: 'none', cap: 0 },
  { keep: 5, pick: 'highest', adjustment: 'additive', cap: 0.4 },
];

describe('averagingBaseline ignores readings outside its window', () => {
  it('is unchanged by other clock times, later days, days past the look-back, weekends, holidays and event days', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        fc.array(fc.double({ min: 0, max: 3, noNaN: true }), { minLength: 80, maxLength: 80 }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (method, values, noise) => {
          const readings = new Map<LocalDate, Record<string, number>>();
          localDatesInRange('2025-05-01', EVENT_DATE).forEach((date, i) => {
            const v = values[i % values.length]!;
            readings.set(date, { '16:00': v / 2, '16:05': v / 3, '18:00': v, '18:05': (v * 7) % 3 });
          });
          const base: MethodInput = { eventDate: EVENT_DATE, eventSlots: EVENT, windowSlots: WINDOW, readings, eventDates: ['2025-07-10'], holidays: HOLIDAYS };
          const before = averagingBaseline(base, method);
          const noisy = new Map<LocalDate, Record<string, number>>();
          for (const [date, day] of readings) {
            const outside = date < addDays(EVENT_DATE, -45) || date === '2025-07-10' || HOLIDAYS.includes(date) || isWeekend(date);
            noisy.set(date, outside ? { '16:00': noise, '16:05': noise, '18:00': noise, '18:05': noise, '12:00': noise } : { ...day, '12:00': noise, '19:00': noise });
          }
          noisy.set('2025-07-18', { '16:00': noise, '18:00': noise, '18:05': noise });
          expect(averagingBaseline({ ...base, readings: noisy }, method)).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });
});
