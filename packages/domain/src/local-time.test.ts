import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  hourBucketKey,
  isoWeekday,
  isValidTimeZone,
  localDateOf,
  localDay,
  localDaysInRange,
  localParts,
  startOfLocalDay,
  startOfLocalHour,
  startOfLocalMonth,
  startOfLocalWeek,
  utcOffsetMs,
  zonedTimeToUtc,
} from './local-time';

const TORONTO = 'America/Toronto';
const VANCOUVER = 'America/Vancouver';
const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();

describe('DST days', () => {
  it.each([
    // Spring forward at 02:00 local: 2026-03-08 has 23 hours.
    [TORONTO, '2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', 23],
    // Fall back at 02:00 local: 2026-11-01 has 25 hours.
    [TORONTO, '2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', 25],
    [TORONTO, '2026-07-15', '2026-07-15T04:00:00.000Z', '2026-07-16T04:00:00.000Z', 24],
    [VANCOUVER, '2026-03-08', '2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z', 23],
    [VANCOUVER, '2026-11-01', '2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z', 25],
    [VANCOUVER, '2026-01-10', '2026-01-10T08:00:00.000Z', '2026-01-11T08:00:00.000Z', 24],
  ])('%s %s starts %s, ends %s and lasts %i hours', (zone, date, start, end, hours) => {
    const day = localDay(date, zone);
    expect(iso(day.start)).toBe(start);
    expect(iso(day.end)).toBe(end);
    expect(day.hours).toBe(hours);
  });

  it('lists the days of a range across both 2026 changes in Toronto', () => {
    const days = localDaysInRange(new Date('2026-03-07T05:00:00Z'), new Date('2026-03-10T04:00:00Z'), TORONTO);
    expect(days.map((d) => [d.date, d.hours])).toEqual([
      ['2026-03-07', 24],
      ['2026-03-08', 23],
      ['2026-03-09', 24],
    ]);
  });

  it('keeps the repeated 1 a.m. hour of a fall-back day as two hour buckets', () => {
    const first = new Date('2026-11-01T05:30:00Z'); // 01:30 EDT
    const second = new Date('2026-11-01T06:30:00Z'); // 01:30 EST
    expect(hourBucketKey(first, TORONTO)).toBe('2026-11-01T01:00-04:00');
    expect(hourBucketKey(second, TORONTO)).toBe('2026-11-01T01:00-05:00');
    expect(localDateOf(second, TORONTO)).toBe('2026-11-01');
  });

  it('resolves skipped and repeated wall times', () => {
    // 02:30 does not exist on 2026-03-08 in Toronto: moved forward to 03:30 EDT.
    expect(iso(zonedTimeToUtc('2026-03-08', 2, 30, TORONTO))).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 2026-11-01: the first (EDT) is chosen.
    expect(iso(zonedTimeToUtc('2026-11-01', 1, 30, TORONTO))).toBe('2026-11-01T05:30:00.000Z');
    expect(utcOffsetMs(new Date('2026-07-01T12:00:00Z'), TORONTO)).toBe(-4 * HOUR);
  });
});

describe('bucket starts', () => {
  const instant = new Date('2026-03-11T15:45:12.345Z'); // Wednesday 11:45 EDT

  it('day, week (Monday) and month starts are local midnights', () => {
    expect(iso(startOfLocalDay(instant, TORONTO))).toBe('2026-03-11T04:00:00.000Z');
    // Monday 2026-03-09 began after the change, at 04:00Z.
    expect(iso(startOfLocalWeek(instant, TORONTO))).toBe('2026-03-09T04:00:00.000Z');
    // 2026-03-01 was still on EST.
    expect(iso(startOfLocalMonth(instant, TORONTO))).toBe('2026-03-01T05:00:00.000Z');
  });

  it('a Sunday belongs to the week that started the Monday before', () => {
    const sunday = new Date('2026-03-08T20:00:00Z');
    expect(iso(startOfLocalWeek(sunday, TORONTO))).toBe('2026-03-02T05:00:00.000Z');
  });

  it('late evening UTC-side is still the previous local day', () => {
    const lateEvening = new Date('2026-01-01T03:00:00Z'); // 2025-12-31 22:00 EST
    expect(localDateOf(lateEvening, TORONTO)).toBe('2025-12-31');
    expect(iso(startOfLocalMonth(lateEvening, TORONTO))).toBe('2025-12-01T05:00:00.000Z');
  });

  it('hours start on the half hour in Newfoundland', () => {
    const stJohns = 'America/St_Johns';
    expect(iso(startOfLocalHour(new Date('2026-01-15T12:10:00Z'), stJohns))).toBe('2026-01-15T11:30:00.000Z');
    expect(hourBucketKey(new Date('2026-01-15T12:10:00Z'), stJohns)).toBe('2026-01-15T08:00-03:30');
  });
});

describe('calendar helpers', () => {
  it('does date arithmetic without a zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2026-03-03')).toBe(61);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(isoWeekday('2026-03-09')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
  });

  it('validates zone names', () => {
    expect(isValidTimeZone(TORONTO)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('localDaysInRange: properties', () => {
  const zones = ['America/Toronto', 'America/Vancouver', 'America/Edmonton', 'America/Winnipeg', 'America/Halifax', 'America/St_Johns', 'America/Regina', 'UTC'];
  const from = new Date('2024-01-01T00:00:00Z').getTime();
  const to = new Date('2028-12-31T00:00:00Z').getTime();

  it('days are contiguous, 23, 24 or 25 hours long, and cover the range exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: from, max: to }),
        fc.integer({ min: 1, max: 40 * 24 * HOUR }),
        (zone, startMs, lengthMs) => {
          const start = new Date(startMs);
          const end = new Date(startMs + lengthMs);
          const days = localDaysInRange(start, end, zone);
          const first = days[0];
          const last = days[days.length - 1];
          if (!first || !last) throw new Error('no days');
          expect(first.start.getTime()).toBeLessThanOrEqual(startMs);
          expect(first.end.getTime()).toBeGreaterThan(startMs);
          expect(last.start.getTime()).toBeLessThan(end.getTime());
          expect(last.end.getTime()).toBeGreaterThanOrEqual(end.getTime());
          days.forEach((day, i) => {
            expect([23, 24, 25]).toContain(day.hours);
            expect(localDateOf(day.start, zone)).toBe(day.date);
            expect(localDateOf(new Date(day.end.getTime() - 1), zone)).toBe(day.date);
            const next = days[i + 1];
            if (next) {
              expect(next.start.getTime()).toBe(day.end.getTime());
              expect(next.date).toBe(addDays(day.date, 1));
            }
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every instant falls in the day, hour and week buckets that start at or before it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: from, max: to }), (zone, ms) => {
        const instant = new Date(ms);
        const day = startOfLocalDay(instant, zone).getTime();
        const hour = startOfLocalHour(instant, zone).getTime();
        const week = startOfLocalWeek(instant, zone).getTime();
        expect(day).toBeLessThanOrEqual(ms);
        expect(ms - day).toBeLessThan(25 * HOUR);
        expect(hour).toBeLessThanOrEqual(ms);
        expect(ms - hour).toBeLessThan(HOUR);
        expect(week).toBeLessThanOrEqual(day);
        expect(isoWeekday(localDateOf(new Date(week), zone))).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('offsets read once per zone and UTC day', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  const format = (zone: string) =>
    formats.get(zone) ??
    formats
      .set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }))
      .get(zone)!;
  const reference = (ms: number, zone: string) => {
    const parts = format(zone)
      .formatToParts(new Date(ms))
      .filter((p) => p.type !== 'literal');
    const f = Object.fromEntries(parts.map((p) => [p.type, Number(p.value)]));
    return { year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute, second: f.second };
  };
  // Half-hour and 45-minute zones, a 30-minute DST shift (Lord Howe), southern-hemisphere DST, no DST.
  const zones = ['America/Toronto', 'America/St_Johns', 'America/Regina', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'Europe/London', 'UTC'];

  it('give the same wall clock as Intl, at any instant and right around every change', () => {
    const offset = (ms: number, zone: string) => {
      const p = reference(ms, zone);
      return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - ms;
    };
    const changes = zones.flatMap((zone) => {
      // Every hour of 2026, keeping the instants where Intl's offset differs from the hour before.
      const hours = Array.from({ length: 366 * 24 }, (_, h) => Date.UTC(2026, 0, 1) + h * HOUR);
      const offsets = hours.map((ms) => offset(ms, zone));
      return hours.filter((_, i) => i > 0 && offsets[i] !== offsets[i - 1]).map((ms) => ({ zone, ms }));
    });
    // Two a year in Toronto, St. John's, Lord Howe, Chatham and London.
    expect(changes).toHaveLength(10);
    for (const { zone, ms } of changes) {
      for (let t = ms - 2 * HOUR; t <= ms + HOUR; t += 60_000) {
        expect(localParts(new Date(t), zone)).toEqual(reference(t, zone));
        // The minute of the change, second by second (and just before each second).
        if (offset(t, zone) !== offset(t - 60_000, zone)) {
          for (let u = t - 60_000; u <= t; u += 1000) for (const v of [u - 1, u]) expect(localParts(new Date(v), zone)).toEqual(reference(v, zone));
        }
      }
    }
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2045, 0, 1) }), (zone, ms) => {
        expect(localParts(new Date(ms), zone)).toEqual(reference(ms, zone));
      }),
      { numRuns: 2000 },
    );
  }, 30_000); // A fixed number of runs: on a host at load 15–20 they took over the default 5 s.

  it('still refuses an unknown zone and an invalid date', () => {
    expect(() => localParts(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => localParts(new Date(NaN), 'UTC')).toThrow(RangeError);
  });
});
