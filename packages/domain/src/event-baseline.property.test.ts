import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_MAX, ADJUSTMENT_MIN, BASELINE_WEEKDAYS, BASELINE_WEEKEND_DAYS, computeBaseline, MIN_BASELINE_WEEKDAYS,
  MIN_BASELINE_WEEKEND_DAYS, additiveAdjustment, sameDayAdjustment, WEEKDAY_LOOKBACK_DAYS, WEEKEND_LOOKBACK_DAYS,
} from './event-baseline';
import { readingsByDay } from './event-intervals';

/*
 * The baseline against a second, direct computation from raw intervals that shares no code with
 * it: local time straight from Intl, dates by Date.UTC arithmetic, days picked by walking back.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const walls = new Map<string, Intl.DateTimeFormat>();
/** "YYYY-MM-DD" and "HH:MM" of an instant in a zone. */
function wall(ms: number, timeZone: string): { date: string; clock: string } {
  let f = walls.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    walls.set(timeZone, f);
  }
  const [date = '', clock = ''] = f.format(new Date(ms)).split(' ');
  return { date, clock };
}

const shiftDate = (date: string, days: number) => {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const weekendDay = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

const scenario = fc.record({
  timeZone: fc.constantFrom('America/Toronto', 'America/Vancouver', 'America/Edmonton', 'America/Montreal'),
  dayOfYear: fc.integer({ min: 0, max: 364 }),
  startHour: fc.integer({ min: 3, max: 20 }),
  startMinute: fc.constantFrom(0, 30),
  slots: fc.integer({ min: 1, max: 36 }),
  holidays: fc.uniqueArray(fc.integer({ min: 0, max: 70 }), { maxLength: 8 }),
  events: fc.uniqueArray(fc.integer({ min: 1, max: 70 }), { maxLength: 8 }),
  // Gaps: [days before the event, slots from 5 h before the start, length in slots].
  gaps: fc.array(fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 12 })), { maxLength: 40 }),
  // An outage: [days before the event it ends, its length in days].
  outage: fc.option(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 45 }))),
  // Slots missing at the start of the event day's adjustment window.
  windowGap: fc.option(fc.integer({ min: 1, max: 36 })),
  // How many days back the household's readings go (a new member has few).
  historyDays: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(71)),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  // Today's use against usual: mostly near, sometimes far (so both sides of the clamp show).
  todayScale: fc.oneof(fc.double({ min: 0.88, max: 1.12, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true })),
});

describe('computeBaseline against a direct computation', () => {
  it('picks the same days and the same kWh per slot', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        // The event's local start, as a UTC instant (the zone's offset read back from Intl).
        const nominal = Date.UTC(2025, 0, 1 + s.dayOfYear, s.startHour, s.startMinute);
        let start = nominal + 5 * HOUR;
        for (let i = 0; i < 3; i++) {
          const w = wall(start, s.timeZone);
          start += nominal - Date.parse(`${w.date}T${w.clock}:00Z`);
        }
        const end = start + s.slots * 5 * MIN;
        const eventDate = wall(start, s.timeZone).date;
        if (wall(end - 1, s.timeZone).date !== eventDate) return; // crosses midnight: tested elsewhere
        const holidays = s.holidays.map((n) => shiftDate(eventDate, -n));
        const eventDates = s.events.map((n) => shiftDate(eventDate, -n));

        // Raw 5-minute intervals around the event's clock hours on each day, gaps left out.
        const gapped = new Set<string>();
        for (const [back, from, length] of s.gaps) {
          for (let k = 0; k < length; k++) gapped.add(`${shiftDate(eventDate, -back)}@${5 * (from + k)}`);
        }
        // The window starts 4 h before the event, 60 minutes after the gaps' origin.
        for (let k = 0; k < (s.windowGap ?? 0); k++) gapped.add(`${eventDate}@${60 + 5 * k}`);
        const [outageEnd, outageDays] = s.outage ?? [0, 0];
        const inOutage = (date: string) => outageDays > 0 && date <= shiftDate(eventDate, -outageEnd) && date > shiftDate(eventDate, -outageEnd - outageDays);
        const intervals: { start: Date; kwh: number }[] = [];
        const raw = new Map<string, number>(); // "date clock pass" → kWh
        for (let back = s.historyDays; back >= 0; back--) {
          for (let t = start - back * DAY - 310 * MIN; t < end - back * DAY + 70 * MIN; t += 5 * MIN) {
            const { date, clock } = wall(t, s.timeZone);
            const [h = 0, m = 0] = clock.split(':').map(Number);
            if (inOutage(date) || gapped.has(`${date}@${h * 60 + m - (s.startHour * 60 + s.startMinute - 300)}`)) continue;
            // A usual shape by clock time, and ±10 % noise per interval.
            let kwh = (0.1 + (((h * 60 + m) * 37) % 50) / 100) * (0.9 + ((((t / (5 * MIN)) * 7919 + s.seed) % 1000) / 1000) * 0.2);
            if (back === 0) kwh *= s.todayScale;
            const pass = raw.has(`${date} ${clock} 0`) ? 1 : 0;
            raw.set(`${date} ${clock} ${pass}`, kwh);
            intervals.push({ start: new Date(t), kwh });
          }
        }

        const result = computeBaseline({
          eventStart: new Date(start), eventEnd: new Date(end), timeZone: s.timeZone,
          readings: readingsByDay(intervals, s.timeZone), eventDates, holidays,
        });

        // The direct computation.
        const steps = (from: number, to: number) => Array.from({ length: Math.round((to - from) / (5 * MIN)) }, (_, i) => from + i * 5 * MIN);
        const eventClocks = steps(start, end).map((t) => wall(t, s.timeZone).clock);
        const windowInstants = steps(start - 4 * HOUR, start - HOUR);
        const windowOnDay = windowInstants.every((t) => wall(t, s.timeZone).date === eventDate);
        const windowClocks = windowOnDay ? windowInstants.map((t) => wall(t, s.timeZone).clock) : [];
        const holidaySet = new Set(holidays);
        const weekendKind = (d: string) => weekendDay(d) || holidaySet.has(d);
        const wantWeekend = weekendKind(eventDate);
        const [wanted, lookback, minimum] = wantWeekend
          ? [BASELINE_WEEKEND_DAYS, WEEKEND_LOOKBACK_DAYS, MIN_BASELINE_WEEKEND_DAYS]
          : [BASELINE_WEEKDAYS, WEEKDAY_LOOKBACK_DAYS, MIN_BASELINE_WEEKDAYS];
        const days: string[] = [];
        for (let back = 1; back <= lookback && days.length < wanted; back++) {
          const d = shiftDate(eventDate, -back);
          if (eventDates.includes(d) || weekendKind(d) !== wantWeekend) continue;
          if ([...eventClocks, ...windowClocks].every((c) => raw.has(`${d} ${c} 0`))) days.push(d);
        }
        expect(days.some((d) => holidaySet.has(d) !== wantWeekend && weekendDay(d) !== wantWeekend)).toBe(false);
        expect(days.some((d) => eventDates.includes(d))).toBe(false);
        if (days.length < minimum) {
          expect(result).toEqual({ ok: false, reason: 'insufficient_history', eventDate, days });
          return;
        }
        const mean = (clock: string) => days.reduce((sum, d) => sum + (raw.get(`${d} ${clock} 0`) ?? NaN), 0) / days.length;
        let typical = 0;
        let actual = 0;
        let present = 0;
        const seen = new Map<string, number>();
        for (const t of windowOnDay ? windowInstants : []) {
          const { clock } = wall(t, s.timeZone);
          const pass = seen.get(clock) ?? 0;
          seen.set(clock, pass + 1);
          const today = raw.get(`${eventDate} ${clock} ${pass}`);
          if (today === undefined) continue;
          typical += mean(clock);
          actual += today;
          present++;
        }
        // Decision 101: the day's difference per interval over the window, times the event's
        // intervals, added to the baseline and capped at ±20 % of it.
        const unadjusted = eventClocks.reduce((sum, c) => sum + mean(c), 0);
        const usable = windowOnDay && present > 0 && present * 2 >= windowInstants.length && unadjusted > 0;
        const added = usable ? Math.min(0.2 * unadjusted, Math.max(-0.2 * unadjusted, ((actual - typical) / present) * eventClocks.length)) : 0;
        const factor = usable ? (unadjusted + added) / unadjusted : 1;

        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.days).toEqual(days);
        expect(result.adjustment.factor).toBeCloseTo(factor, 9);
        expect(result.slots).toHaveLength(eventClocks.length);
        result.slots.forEach((slot, i) => expect(result.kwhBySlot[slot]).toBeCloseTo(mean(eventClocks[i] ?? '') * factor, 9));
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});

describe('same-day adjustment', () => {
  it('decision 029’s ratio stays within [0.8, 1.2], equals the ratio inside the clamp and is 1 when it cannot be computed', () => {
    const window = { date: '2025-07-17', slots: ['a', 'b', 'c'] };
    const kwh = fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined });
    fc.assert(
      fc.property(fc.tuple(kwh, kwh, kwh), fc.tuple(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true })), (today, usual) => {
        const actual = Object.fromEntries(window.slots.flatMap((slot, i) => (today[i] === undefined ? [] : [[slot, today[i]]])));
        const typical = Object.fromEntries(window.slots.map((slot, i) => [slot, usual[i] ?? 0]));
        const a = sameDayAdjustment(window, typical, actual);
        expect(a.factor).toBeGreaterThanOrEqual(ADJUSTMENT_MIN);
        expect(a.factor).toBeLessThanOrEqual(ADJUSTMENT_MAX);
        if (a.unclamped === null) expect(a.factor).toBe(1);
        else if (a.unclamped >= ADJUSTMENT_MIN && a.unclamped <= ADJUSTMENT_MAX) expect(a.factor).toBe(a.unclamped);
        else expect(a.status).toBe('clamped');
      }),
    );
  });

  it('decision 101’s added amount stays within ±20 % of the baseline and equals the difference × the event’s intervals inside it', () => {
    const window = { date: '2025-07-17', slots: ['a', 'b', 'c'] };
    const kwh = fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined });
    const usual = fc.tuple(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }));
    fc.assert(
      fc.property(fc.tuple(kwh, kwh, kwh), usual, fc.double({ min: 0.01, max: 50, noNaN: true }), fc.integer({ min: 1, max: 48 }), (today, typicalKwh, baselineKwh, eventSlots) => {
        const actual = Object.fromEntries(window.slots.flatMap((slot, i) => (today[i] === undefined ? [] : [[slot, today[i]]])));
        const typical = Object.fromEntries(window.slots.map((slot, i) => [slot, typicalKwh[i] ?? 0]));
        const a = additiveAdjustment(window, typical, actual, baselineKwh, eventSlots);
        const added = (a.factor - 1) * baselineKwh;
        expect(Math.abs(added)).toBeLessThanOrEqual(0.2 * baselineKwh + 1e-9);
        const present = window.slots.filter((_, i) => today[i] !== undefined);
        if (present.length * 2 < window.slots.length) {
          expect(a).toMatchObject({ factor: 1, status: 'missing_data' });
          return;
        }
        const diff = present.reduce((sum, slot) => sum + (actual[slot] ?? 0) - (typical[slot] ?? 0), 0) / present.length;
        const cap = 0.2 * baselineKwh;
        if (Math.abs(diff * eventSlots) < cap - 1e-9) expect(added).toBeCloseTo(diff * eventSlots, 6);
        else if (Math.abs(diff * eventSlots) > cap + 1e-9) expect(a.status).toBe('clamped');
        // Exactly at the cap nothing needs clamping, and the amount is the cap either way.
        else expect(Math.abs(added)).toBeCloseTo(cap, 6);
      }),
      // fast-check favours the bounds, so this case came up at random once (10 kWh against 0 over
      // one interval of a 50 kWh baseline: exactly +20 %), and shrinking doubles never ended:
      // it is always run now.
      { examples: [[[10, 10, 10], [0, 0, 0], 50, 1]] },
    );
  });
});
