import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryDay, SlotReadings } from './event-baseline';
import { baselineDays, computeBaseline, eventOutcome, meetsTarget, pointsFor, slotOf, slotsBetween } from './event-baseline';
import type { LocalDate } from './local-time';
import { addDays, isWeekend, localDatesInRange } from './local-time';

// Event: Thursday 2025-07-17, 6–7 p.m. (hourly slots keep the arithmetic readable).
const EVENT_DATE = '2025-07-17';
const EVENT_SLOTS = ['18:00'];
const WINDOW = ['14:00', '15:00', '16:00']; // three hours ending one hour before the start
const HOLIDAYS = ['2025-07-01']; // Canada Day, a Tuesday
const PAST_EVENTS = ['2025-07-10'];

/** Typical day: 1 kWh in each adjustment hour, `evening` kWh at 18:00. */
const day = (date: LocalDate, evening: number): HistoryDay => ({
  date,
  readings: { '14:00': 1, '15:00': 1, '16:00': 1, '18:00': evening },
});

// June 20 – July 16. Eligible weekdays, most recent first: Jul 16, 15, 14, 11, 9, 8, 7, 4, 3, 2
// (Jul 10 was an event, Jul 1 a holiday). They use 2 kWh at 18:00, except Jul 2 (3) and Jul 3
// (1): mean 2.0. Every day that must be left out uses 10 kWh, so a mistake shows.
const eligible = new Set(['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11', '2025-07-09', '2025-07-08', '2025-07-07', '2025-07-04', '2025-07-03', '2025-07-02']);
const history: HistoryDay[] = localDatesInRange('2025-06-20', '2025-07-16').map((date) => {
  if (!eligible.has(date)) return day(date, 10);
  return day(date, date === '2025-07-02' ? 3 : date === '2025-07-03' ? 1 : 2);
});

const input = (eventDayReadings: SlotReadings) => ({
  eventDate: EVENT_DATE,
  eventSlots: EVENT_SLOTS,
  adjustmentSlots: WINDOW,
  eventDayReadings,
  history,
  pastEventDates: PAST_EVENTS,
  holidays: HOLIDAYS,
});

describe('baseline days', () => {
  it('takes the last 10 weekdays that were neither events nor holidays', () => {
    expect(baselineDays(EVENT_DATE, history, PAST_EVENTS, HOLIDAYS).map((d) => d.date)).toEqual([...eligible]);
  });

  it('takes the last 4 weekend days (holidays count as weekend days) for a weekend event', () => {
    // Saturday 2025-07-05: Canada Day (Tue Jul 1), Sun Jun 29, Sat Jun 28, Sun Jun 22.
    expect(baselineDays('2025-07-05', history, PAST_EVENTS, HOLIDAYS).map((d) => d.date)).toEqual([
      '2025-07-01', '2025-06-29', '2025-06-28', '2025-06-22',
    ]);
  });

  it('skips days with no readings at all instead of averaging them as zero', () => {
    const withOutage = history.map((d) => (d.date === '2025-07-16' ? { date: d.date, readings: {} } : d));
    const dates = baselineDays(EVENT_DATE, withOutage, PAST_EVENTS, HOLIDAYS).map((d) => d.date);
    expect(dates).not.toContain('2025-07-16');
    expect(dates).toHaveLength(10);
    expect(dates[9]).toBe('2025-06-30'); // the next eligible weekday back
  });
});

describe('computeBaseline and eventOutcome', () => {
  it('adjusts by the hours before the event and awards points on the curve', () => {
    // Window: typical 1 + 1 + 1 = 3 kWh; today 1.1 × 3 = 3.3 kWh → adjustment 3.3 / 3 = 1.1
    // Baseline 18:00 = mean 2.0 × 1.1 = 2.2 kWh. Actual 1.87 kWh → reduction 0.33 kWh = 15 %.
    // 15 % ≥ 10 % target; multiplier 15 / 10 = 1.5 → 150 points.
    const baseline = computeBaseline(input({ '14:00': 1.1, '15:00': 1.1, '16:00': 1.1 }));
    expect(baseline.days).toHaveLength(10);
    expect(baseline.adjustment).toBeCloseTo(1.1, 12);
    expect(baseline.kwhBySlot['18:00']).toBeCloseTo(2.2, 12);
    const outcome = eventOutcome(baseline, { '18:00': 1.87 });
    expect(outcome.reductionKwh).toBeCloseTo(0.33, 12);
    expect(outcome.reductionPercent).toBeCloseTo(15, 9);
    expect(outcome).toMatchObject({ targetMet: true, points: 150, slotsCompared: 1 });
  });

  it('clamps the same-day adjustment to ±20 %', () => {
    // Today 6 kWh vs typical 3 → 2.0, clamped to 1.2: baseline 2.4 kWh.
    const high = computeBaseline(input({ '14:00': 2, '15:00': 2, '16:00': 2 }));
    expect(high.unclampedAdjustment).toBe(2);
    expect(high.adjustment).toBe(1.2);
    expect(high.kwhBySlot['18:00']).toBeCloseTo(2.4, 12);
    // Today 1.5 kWh vs 3 → 0.5, clamped to 0.8: baseline 1.6 kWh.
    const low = computeBaseline(input({ '14:00': 0.5, '15:00': 0.5, '16:00': 0.5 }));
    expect(low.adjustment).toBe(0.8);
    expect(low.kwhBySlot['18:00']).toBeCloseTo(1.6, 12);
  });

  it('makes no adjustment when today has no readings before the event', () => {
    expect(computeBaseline(input({})).adjustment).toBe(1);
  });

  it('gives no points below target, and never negative ones', () => {
    // Baseline 2.0 (no adjustment data); actual 1.9 → 5 % cut: 0 points.
    const baseline = computeBaseline(input({}));
    expect(eventOutcome(baseline, { '18:00': 1.9 })).toMatchObject({ targetMet: false, points: 0 });
    // Used more than the baseline: reduction −0.5 kWh, still 0 points.
    const worse = eventOutcome(baseline, { '18:00': 2.5 });
    expect(worse.reductionKwh).toBeCloseTo(-0.5, 12);
    expect(worse.points).toBe(0);
  });

  it('compares only slots with data on both sides', () => {
    const baseline = { kwhBySlot: { '18:00': 2, '18:05': 2, '18:10': null } };
    const outcome = eventOutcome(baseline, { '18:00': 1.6 });
    // Only 18:00 is compared: (2 − 1.6) / 2 = 20 % → 200 points.
    expect(outcome).toMatchObject({ slotsCompared: 1, points: 200 });
    expect(eventOutcome({ kwhBySlot: {} }, {})).toMatchObject({ reductionPercent: null, points: 0, targetMet: false });
  });

  it('settles to the same result when run twice', () => {
    const a = eventOutcome(computeBaseline(input({ '14:00': 1.1, '15:00': 1.1, '16:00': 1.1 })), { '18:00': 1.87 });
    const b = eventOutcome(computeBaseline(input({ '14:00': 1.1, '15:00': 1.1, '16:00': 1.1 })), { '18:00': 1.87 });
    expect(b).toEqual(a);
  });
});

describe('points curve', () => {
  it('is 1× at the target, linear to 2× at twice the target, then flat', () => {
    expect(pointsFor(9.99)).toBe(0);
    expect(pointsFor(10)).toBe(100);
    expect(pointsFor(9.999999999999998)).toBe(100); // float noise does not cost the reward
    expect(pointsFor(12.5)).toBe(125);
    expect(pointsFor(20)).toBe(200);
    expect(pointsFor(60)).toBe(200);
    expect(pointsFor(-5)).toBe(0);
    expect(pointsFor(null)).toBe(0);
    expect(pointsFor(15, 10, 250)).toBe(375);
    expect(meetsTarget(10)).toBe(true);
  });

  it('is never negative, never above 2× the reward, and never falls as the cut grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 1000 }),
        (a, b, reward) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const low = pointsFor(lo, 10, reward);
          const high = pointsFor(hi, 10, reward);
          expect(low).toBeGreaterThanOrEqual(0);
          expect(high).toBeLessThanOrEqual(2 * reward);
          expect(high).toBeGreaterThanOrEqual(low);
        },
      ),
    );
  });
});

describe('slots', () => {
  it('lists 5-minute slots and keys instants by local clock time', () => {
    expect(slotsBetween('18:00', '18:20')).toEqual(['18:00', '18:05', '18:10', '18:15']);
    expect(slotsBetween('18:00', '19:00')).toHaveLength(12);
    // 22:05 UTC in July is 18:05 EDT.
    expect(slotOf(new Date('2025-07-17T22:05:00Z'), 'America/Toronto')).toBe('18:05');
  });

  it('fixture sanity: the event is on a weekday and history ends the day before', () => {
    expect(isWeekend(EVENT_DATE)).toBe(false);
    expect(history[history.length - 1]?.date).toBe(addDays(EVENT_DATE, -1));
  });
});
