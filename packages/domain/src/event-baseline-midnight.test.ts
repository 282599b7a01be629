import { describe, expect, it } from 'vitest';
import { computeBaseline } from './event-baseline';
import { clockOf, daySlots, eventDayReadings, readingAt } from './event-intervals';
import { settleEvent } from './event-settlement';
import type { LocalDate } from './local-time';
import { isoWeekday, localDatesInRange } from './local-time';
import { provincialHolidayDates } from './provincial-holidays';

/*
 * Events that cross local midnight (decision 102): the event belongs to the day it starts on; each
 * baseline day contributes its own evening and the next calendar day's early morning.
 */

const TORONTO = 'America/Toronto';

/** Every slot of every day in the range, valued by date and clock time (undefined: a gap). */
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

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

describe('an event from 23:00 to 01:00', () => {
  // Thursday 2025-07-17 23:00 EDT (03:00 UTC on the 18th) to Friday 01:00 EDT.
  const start = new Date('2025-07-18T03:00:00Z');
  const end = new Date('2025-07-18T05:00:00Z');
  const holidays = provincialHolidayDates('ON', 2025); // Canada Day, Tuesday Jul 1
  // History: 0.2 kWh per slot from 23:00, 0.1 in the window (19:00–22:00). Before 01:00 a
  // Saturday uses 0.3 per slot and any other day 0.1, so the morning after a Friday differs from
  // the morning of that Friday: taking a day's own morning instead of the next day's shows.
  const morning = (date: LocalDate) => (isoWeekday(date) === 6 ? 0.3 : 0.1);
  const usual = (date: LocalDate, clock: string) => (clock >= '23:00' ? 0.2 : clock < '01:00' ? morning(date) : 0.1);
  // The event day: as usual until 23:00, then 0.1 per slot, and 0.07 after midnight.
  const actual = (date: LocalDate, clock: string) => (date === '2025-07-17' ? (clock >= '23:00' ? 0.1 : usual(date, clock)) : clock < '01:00' ? 0.07 : undefined);
  const history = readings('2025-06-01', '2025-07-16', usual);
  const all = new Map([...history, ...readings('2025-07-17', '2025-07-18', actual)]);
  const baselineOf = (days: Map<LocalDate, Record<string, number>>) => computeBaseline({ eventStart: start, eventEnd: end, timeZone: TORONTO, readings: days, eventDates: [], holidays });

  it('averages each day’s evening with the next calendar day’s morning', () => {
    const result = baselineOf(all);
    if (!result.ok) throw new Error('expected a baseline');
    // Weekdays before Thursday Jul 17, Canada Day left out: Jul 16, 15, 14, 11, 10, 9, 8, 7, 4, 3.
    expect(result.eventDate).toBe('2025-07-17');
    expect(result.kind).toBe('weekday');
    expect(result.days).toEqual(['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11', '2025-07-10', '2025-07-09', '2025-07-08', '2025-07-07', '2025-07-04', '2025-07-03']);
    expect(result.slots).toHaveLength(24);
    expect(result.slots[11]).toBe('23:55');
    expect(result.slots[12]).toBe('00:00+1');
    expect(result.adjustment.status).toBe('applied');
    expect(result.adjustment.factor).toBeCloseTo(1, 12);
    // Their next mornings: Jul 17, 16, 15, 12 (Sat), 11, 10, 9, 8, 5 (Sat), 4: (8 × 0.1 + 2 × 0.3) ÷ 10 = 0.14.
    expect(result.kwhBySlot['23:30']).toBeCloseTo(0.2, 12);
    expect(result.kwhBySlot['00:30+1']).toBeCloseTo(0.14, 12);
    // 12 × 0.2 + 12 × 0.14 = 4.08 kWh.
    expect(sum(Object.values(result.kwhBySlot))).toBeCloseTo(4.08, 10);
  });

  it('settles against the actual of both calendar days', () => {
    const result = baselineOf(all);
    const settled = settleEvent(result, eventDayReadings(all, '2025-07-17'), { targetPercent: 10, rewardPoints: 100 });
    // Actual 12 × 0.1 + 12 × 0.07 = 2.04 kWh; (4.08 − 2.04) ÷ 4.08 = 50 %: 2× the reward.
    expect(settled.status).toBe('settled');
    expect(settled.actualKwh).toBeCloseTo(2.04, 10);
    expect(settled.reductionPercent).toBeCloseTo(50, 8);
    expect(settled.points).toBe(200);
    // Without the morning's readings the event is not complete.
    const eveningOnly = settleEvent(result, all.get('2025-07-17'), { targetPercent: 10, rewardPoints: 100 });
    expect(eveningOnly.status).toBe('insufficient_data');
    expect(eveningOnly.missingSlots).toHaveLength(12);
  });

  it('leaves out a day whose next morning has a gap', () => {
    // Saturday Jul 12 lacks 00:10, so Friday Jul 11 has no complete morning after it; Wednesday Jul 2 comes in.
    const gap = new Map(all);
    const saturday = { ...gap.get('2025-07-12')! };
    delete saturday['00:10'];
    gap.set('2025-07-12', saturday);
    const result = baselineOf(gap);
    if (!result.ok) throw new Error('expected a baseline');
    expect(result.days).toEqual(['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-10', '2025-07-09', '2025-07-08', '2025-07-07', '2025-07-04', '2025-07-03', '2025-07-02']);
    // Next mornings: Jul 17, 16, 15, 11, 10, 9, 8, 5 (Sat), 4, 3: (9 × 0.1 + 0.3) ÷ 10 = 0.12.
    expect(result.kwhBySlot['00:30+1']).toBeCloseTo(0.12, 12);
  });

  it('reads a next-day key from the following calendar day', () => {
    expect(readingAt(all, '2025-07-11', '00:05+1')).toBe(0.3);
    expect(readingAt(all, '2025-07-11', '00:05')).toBe(0.1);
    expect(eventDayReadings(all, '2025-07-17')?.['00:05+1']).toBe(0.07);
    // Nothing read for the next day: the day's own record, not a copy.
    expect(eventDayReadings(history, '2025-07-16')).toBe(history.get('2025-07-16'));
  });
});

describe('across midnight on DST nights', () => {
  // Use by clock time only: 0.2 kWh per slot from 23:00, 0.3 from 00:00, 0.5 from 01:00, 0.7 from
  // 02:00, 0.9 from 03:00, 0.1 otherwise (the windows, so every factor is 1).
  const byClock = (_: LocalDate, clock: string) => (clock >= '23:00' ? 0.2 : clock < '01:00' ? 0.3 : clock < '02:00' ? 0.5 : clock < '03:00' ? 0.7 : clock < '04:00' ? 0.9 : 0.1);

  it('baselines the repeated hour of the fall-back night on the next day’s first pass', () => {
    // Saturday 2026-10-31 23:00 EDT (03:00 UTC) to Sunday 02:00 EST (07:00 UTC): 4 real hours,
    // 01:00–01:55 twice. Weekend-or-holiday kind.
    const days = readings('2026-09-01', '2026-11-01', byClock);
    const result = computeBaseline({ eventStart: new Date('2026-11-01T03:00:00Z'), eventEnd: new Date('2026-11-01T07:00:00Z'), timeZone: TORONTO, readings: days, eventDates: [], holidays: [] });
    if (!result.ok) throw new Error('expected a baseline');
    expect(result.eventDate).toBe('2026-10-31');
    expect(result.kind).toBe('weekend-or-holiday');
    expect(result.slots).toHaveLength(48);
    expect(result.slots.slice(24, 26)).toEqual(['01:00+1', '01:05+1']);
    expect(result.slots.slice(36, 38)).toEqual(['01:00#2+1', '01:05#2+1']);
    expect(result.kwhBySlot['01:05#2+1']).toBeCloseTo(0.5, 12);
    // 12 × 0.2 + 12 × 0.3 + 24 × 0.5 = 18 kWh.
    expect(sum(Object.values(result.kwhBySlot))).toBeCloseTo(18, 10);
  });

  it('skips the clock times the spring-forward night lacks, and a history day whose next morning lacks them', () => {
    // Saturday 2026-03-07 23:00 EST (04:00 UTC) to Sunday 03:30 EDT (07:30 UTC): 3.5 real hours, no 02:xx.
    const days = readings('2026-01-01', '2026-03-08', byClock);
    const spring = computeBaseline({ eventStart: new Date('2026-03-08T04:00:00Z'), eventEnd: new Date('2026-03-08T07:30:00Z'), timeZone: TORONTO, readings: days, eventDates: [], holidays: provincialHolidayDates('ON', 2026) });
    if (!spring.ok) throw new Error('expected a baseline');
    expect(spring.slots).toHaveLength(42);
    expect(spring.slots.some((s) => s.startsWith('02:'))).toBe(false);
    expect(spring.slots.at(-1)).toBe('03:25+1');
    // 12 × 0.2 + 12 × 0.3 + 12 × 0.5 + 6 × 0.9 = 17.4 kWh.
    expect(sum(Object.values(spring.kwhBySlot))).toBeCloseTo(17.4, 10);

    // Saturday 2026-03-14 23:00 EDT (03:00 UTC) to 03:00 (07:00 UTC) needs 02:xx of the next
    // morning, which Sunday Mar 8 never had: Saturday Mar 7 is left out. Family Day (Mon Feb 16)
    // is of the weekend kind but more than 4 days back.
    const later = readings('2026-01-01', '2026-03-15', byClock);
    const result = computeBaseline({ eventStart: new Date('2026-03-15T03:00:00Z'), eventEnd: new Date('2026-03-15T07:00:00Z'), timeZone: TORONTO, readings: later, eventDates: [], holidays: provincialHolidayDates('ON', 2026) });
    if (!result.ok) throw new Error('expected a baseline');
    expect(result.days).toEqual(['2026-03-08', '2026-03-01', '2026-02-28', '2026-02-22']);
    expect(result.slots).toHaveLength(48);
    // 12 × (0.2 + 0.3 + 0.5 + 0.7) = 20.4 kWh.
    expect(sum(Object.values(result.kwhBySlot))).toBeCloseTo(20.4, 10);
  });
});
