import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBaseline } from './event-baseline';
import { freezeBaseline, thawBaseline } from './event-baseline-frozen';
import { clockOf, daySlots } from './event-intervals';
import type { LocalDate } from './local-time';
import { localDatesInRange } from './local-time';

const TORONTO = 'America/Toronto';
// Thursday 2025-07-17, 18:00–19:00 EDT: 12 event slots; window 14:00–17:00: 36 slots.
const START = new Date('2025-07-17T22:00:00Z');
const END = new Date('2025-07-17T23:00:00Z');
const HISTORY = localDatesInRange('2025-07-07', '2025-07-11');

function readingsOn(dates: LocalDate[], kwh: (date: LocalDate, clock: string) => number) {
  const days = new Map<LocalDate, Record<string, number>>();
  for (const date of dates) {
    const day: Record<string, number> = {};
    for (const slot of daySlots(date, TORONTO)) if (clockOf(slot) < '20:00') day[slot] = kwh(date, clockOf(slot));
    days.set(date, day);
  }
  return days;
}

const baselineOf = (readings: Map<LocalDate, Record<string, number>>) =>
  computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings, eventDates: [], holidays: [] });

describe('the frozen baseline', () => {
  it('keeps the days, the mean per event slot and per window slot, by hand', () => {
    // Jul 7 uses 0.3 per slot, Jul 8–11 0.2: the mean of each slot is (0.3 + 4 × 0.2) ÷ 5 = 0.22.
    const readings = readingsOn(HISTORY, (date) => (date === '2025-07-07' ? 0.3 : 0.2));
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO);
    expect(frozen.status).toBe('ok');
    if (frozen.status !== 'ok') return;
    expect(frozen.days).toEqual(['2025-07-11', '2025-07-10', '2025-07-09', '2025-07-08', '2025-07-07']);
    expect(frozen.kind).toBe('weekday');
    expect(frozen.eventKwh).toHaveLength(12);
    expect(frozen.windowKwh).toHaveLength(36);
    for (const kwh of [...frozen.eventKwh, ...frozen.windowKwh]) expect(kwh).toBeCloseTo(0.22, 12);
    expect(frozen.baselineKwh).toBeCloseTo(12 * 0.22, 12);
  });

  it('applies the same-day factor from the event day only: 1.1 × usual in the window gives 1.1 × the mean', () => {
    const readings = readingsOn(HISTORY, () => 0.2);
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO);
    // The event day: 0.22 in every window slot, against a usual 0.2: factor 1.1, applied.
    const eventDay = readingsOn(['2025-07-17'], (_d, clock) => (clock >= '14:00' && clock < '17:00' ? 0.22 : 0.1)).get('2025-07-17');
    const thawed = thawBaseline(frozen, START, END, TORONTO, eventDay);
    expect(thawed?.ok).toBe(true);
    if (!thawed?.ok) return;
    expect(thawed.adjustment.status).toBe('applied');
    expect(thawed.adjustment.factor).toBeCloseTo(1.1, 12);
    expect(thawed.slots).toHaveLength(12);
    for (const slot of thawed.slots) expect(thawed.kwhBySlot[slot]).toBeCloseTo(0.22, 12);
  });

  it('does not move when earlier readings arrive or change after it was frozen', () => {
    const readings = readingsOn(HISTORY, () => 0.2);
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO);
    // Later: the 5 days are corrected to 0.4 and three more weekdays arrive. Computed anew, the
    // baseline doubles; thawed from what was frozen, it is what the member was shown.
    const later = readingsOn([...HISTORY, '2025-07-14', '2025-07-15', '2025-07-16'], () => 0.4);
    const anew = baselineOf(later);
    const thawed = thawBaseline(frozen, START, END, TORONTO, undefined);
    expect(anew.ok && anew.days).toHaveLength(8);
    expect(thawed?.ok && thawed.days).toEqual(['2025-07-11', '2025-07-10', '2025-07-09', '2025-07-08', '2025-07-07']);
    if (!thawed?.ok) return;
    for (const slot of thawed.slots) expect(thawed.unadjustedKwhBySlot[slot]).toBeCloseTo(0.2, 12);
  });

  it('keeps too little history as such, with its days, and is not used for another window', () => {
    const readings = readingsOn(['2025-07-10', '2025-07-11'], () => 0.2);
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO);
    expect(frozen).toEqual({ status: 'insufficient_history', days: ['2025-07-11', '2025-07-10'] });
    expect(thawBaseline(frozen, START, END, TORONTO, undefined)).toEqual({ ok: false, reason: 'insufficient_history', eventDate: '2025-07-17', days: ['2025-07-11', '2025-07-10'] });
    // Frozen for one hour, asked for two: the figures do not fit, the caller computes anew.
    const full = readingsOn(HISTORY, () => 0.2);
    const ok = freezeBaseline(baselineOf(full), full, START, TORONTO);
    expect(thawBaseline(ok, START, new Date(END.getTime() + 3_600_000), TORONTO, undefined)).toBeNull();
  });

  it('thawed with the same readings, equals computeBaseline on them (any readings, gaps included)', () => {
    const dates = localDatesInRange('2025-06-01', '2025-07-17');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.double({ min: 0, max: 0.5, noNaN: true }), (seed, gapShare) => {
        let s = seed;
        const rand = () => {
          s = (s * 1103515245 + 12345) % 2 ** 31;
          return s / 2 ** 31;
        };
        const readings = readingsOn(dates, () => Math.round(rand() * 1000) / 1000);
        for (const day of readings.values()) for (const slot of Object.keys(day)) if (rand() < gapShare / 20) delete day[slot];
        const computed = baselineOf(readings);
        const thawed = thawBaseline(freezeBaseline(computed, readings, START, TORONTO), START, END, TORONTO, readings.get('2025-07-17'));
        expect(thawed).toEqual(computed);
      }),
      { numRuns: 30 },
    );
  });
});
