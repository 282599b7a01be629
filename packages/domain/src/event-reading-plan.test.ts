import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBaseline } from './event-baseline';
import { readingsByDay, type Interval } from './event-intervals';
import { baselineReadingPlan, firstReadIsEnough, type ReadingRange } from './event-reading-plan';
import { addDays, zonedTimeToUtc } from './local-time';
import { provincialHolidayDates } from './provincial-holidays';

const FIVE_MINUTES = 300_000;
const DAY = 86_400_000;

const METHODS = [
  { rule: { adjustment: 'additive', windowGapMinutes: 60 }, gap: 60 },
  { rule: { adjustment: 'additive', windowGapMinutes: 120 }, gap: 120 },
  { rule: { adjustment: 'none' }, gap: null },
] as const;

/**
 * The readings that start in any of the ranges, in their order. A run holds about 18,000 readings
 * in time order and a plan up to about 130 ranges, so each range is found by bisection instead of
 * testing every reading against every range (most of this file's time before).
 */
function within(intervals: readonly Interval[], startsMs: readonly number[], ranges: readonly ReadingRange[]): Interval[] {
  const keep = new Uint8Array(intervals.length);
  for (const r of ranges) {
    let lo = 0;
    let hi = startsMs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (startsMs[mid]! < r.fromMs) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < startsMs.length && startsMs[i]! < r.toMs; i++) keep[i] = 1;
  }
  return intervals.filter((_, i) => keep[i] === 1);
}

describe('baselineReadingPlan', () => {
  it('a baseline from the planned readings equals the one from all readings (full plan always; first plan when it says so)', () => {
    fc.assert(
      fc.property(
        fc.record({
          timeZone: fc.constantFrom('America/Toronto', 'America/Vancouver', 'America/St_Johns', 'America/Edmonton'),
          dayOfYear: fc.integer({ min: 0, max: 364 }),
          // Up to 23:00 and four hours long: events past local midnight too.
          startHour: fc.integer({ min: 0, max: 23 }),
          slots: fc.integer({ min: 1, max: 48 }),
          // Whole days without readings, as days before the event.
          outages: fc.uniqueArray(fc.integer({ min: 1, max: 62 }), { maxLength: 12 }),
          events: fc.uniqueArray(fc.integer({ min: 1, max: 62 }), { maxLength: 4 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
        }),
        (s) => {
          const eventDate = addDays('2026-01-01', s.dayOfYear);
          const start = zonedTimeToUtc(eventDate, s.startHour, 0, s.timeZone);
          const end = new Date(start.getTime() + s.slots * FIVE_MINUTES);
          const holidays = provincialHolidayDates('ON', 2025, 2026);
          // Outage days are whole UTC days, kept as day numbers (ms / DAY) rather than formatting a
          // date for each of the run's readings.
          const outages = new Set(s.outages.map((d) => Date.parse(`${addDays(eventDate, -d)}T00:00:00Z`) / DAY));
          const intervals: Interval[] = [];
          const startsMs: number[] = [];
          let x = s.seed;
          for (let ms = start.getTime() - 64 * DAY; ms < end.getTime() + DAY; ms += FIVE_MINUTES) {
            x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
            if (outages.has(Math.floor(ms / DAY))) continue;
            intervals.push({ start: new Date(ms), kwh: (x % 1000) / 1000 });
            startsMs.push(ms);
          }
          // Each method's window (decision 101's, decision 138's two hours before, none), by the seed.
          const method = METHODS[s.seed % METHODS.length]!;
          const input = { eventStart: start, eventEnd: end, timeZone: s.timeZone, eventDates: s.events.map((d) => addDays(eventDate, -d)), holidays, ...method.rule };
          const all = computeBaseline({ ...input, readings: readingsByDay(intervals, s.timeZone) });
          const plan = baselineReadingPlan(start, end, s.timeZone, holidays, method.gap);
          const inFull = within(intervals, startsMs, plan.full);
          // The plan reads a few hours of some days, never the whole look-back.
          expect(inFull.length).toBeLessThan(intervals.length / 2);
          const full = computeBaseline({ ...input, readings: readingsByDay(inFull, s.timeZone) });
          expect(full).toEqual(all);
          const first = computeBaseline({ ...input, readings: readingsByDay(within(intervals, startsMs, plan.first), s.timeZone) });
          if (firstReadIsEnough(first, plan)) expect(first).toEqual(all);
          // With nothing missing and no other events, the first read is always enough.
          if (s.outages.length === 0 && s.events.length === 0 && all.ok) expect(firstReadIsEnough(first, plan)).toBe(true);
        },
      ),
      {
        numRuns: 78,
        // Two events past midnight are always tried first (78 random runs, so about as long as
        // the 80 before): an ordinary night, and into the fall-back night (2026-10-31 23:00, 4 hours).
        examples: [
          [{ timeZone: 'America/Toronto', dayOfYear: 100, startHour: 23, slots: 24, outages: [3], events: [1], seed: 7 }],
          [{ timeZone: 'America/Toronto', dayOfYear: 303, startHour: 23, slots: 48, outages: [], events: [], seed: 11 }],
        ],
      },
    );
  }, 60_000);

  it('reads a few hours of a few days, not the look-back', () => {
    const start = zonedTimeToUtc('2026-11-18', 18, 0, 'America/Toronto');
    const plan = baselineReadingPlan(start, new Date(start.getTime() + 3_600_000), 'America/Toronto', [], 60);
    const at = (date: string, hour: number) => zonedTimeToUtc(date, hour, 0, 'America/Toronto').getTime();
    // Two ranges a day: the adjustment window (14:00–17:00) and the event (18:00–19:00).
    // The event day and 13 weekdays (10 and 3 spare), two ranges each.
    expect(plan.first).toHaveLength(28);
    expect(plan.first.slice(0, 4)).toEqual([
      { fromMs: at('2026-11-18', 14), toMs: at('2026-11-18', 17) },
      { fromMs: at('2026-11-18', 18), toMs: at('2026-11-18', 19) },
      { fromMs: at('2026-11-17', 14), toMs: at('2026-11-17', 17) },
      { fromMs: at('2026-11-17', 18), toMs: at('2026-11-17', 19) },
    ]);
    // 2026-11-18 is a Wednesday: ten weekdays back is 2026-11-04.
    expect(plan.first[20]!.fromMs).toBe(at('2026-11-04', 14));
  });
});
