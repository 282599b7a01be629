import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBaseline } from './event-baseline';
import { freezeBaseline, frozenMethodFor, ownDaysRule, thawBaseline, type OwnDaysMethod } from './event-baseline-frozen';
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
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO, 'mean-of-days-additive-window');
    expect(frozen.status).toBe('ok');
    if (frozen.status !== 'ok') return;
    expect(frozen.days).toEqual(['2025-07-11', '2025-07-10', '2025-07-09', '2025-07-08', '2025-07-07']);
    expect(frozen.kind).toBe('weekday');
    expect(frozen.eventKwh).toHaveLength(12);
    expect(frozen.windowKwh).toHaveLength(36);
    for (const kwh of [...frozen.eventKwh, ...frozen.windowKwh]) expect(kwh).toBeCloseTo(0.22, 12);
    expect(frozen.baselineKwh).toBeCloseTo(12 * 0.22, 12);
    // σ of the days' event hours (decision 140): 3.6, 2.4, 2.4, 2.4, 2.4 kWh, mean 2.64; squares
    // 0.96² + 4 × 0.24² = 1.152, over 4: 0.288.
    expect(frozen.noiseKwh).toBeCloseTo(Math.sqrt(0.288), 12);
  });

  // Usual: 0.1 kWh in each of the 36 window slots (14:00–17:00), 0.3 in each of the 12 event
  // slots (18:00–19:00): the unadjusted baseline is 12 × 0.3 = 3.6 kWh.
  const usual = (_date: LocalDate, clock: string) => (clock >= '14:00' && clock < '17:00' ? 0.1 : clock >= '18:00' && clock < '19:00' ? 0.3 : 0.05);
  const eventDayWith = (windowKwh: number) => readingsOn(['2025-07-17'], (_d, clock) => (clock >= '14:00' && clock < '17:00' ? windowKwh : 0.05)).get('2025-07-17');

  it('adds the day’s difference over the window per interval, by hand: 0.02 kWh more a slot adds 12 × 0.02', () => {
    const readings = readingsOn(HISTORY, usual);
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO, 'mean-of-days-additive-window');
    expect(frozen.status === 'ok' && frozen.method).toBe('mean-of-days-additive-window');
    const thawed = thawBaseline(frozen, START, END, TORONTO, eventDayWith(0.12));
    expect(thawed?.ok).toBe(true);
    if (!thawed?.ok) return;
    // 3.6 + 12 × (0.12 − 0.1) = 3.84 kWh; the ratio rule would have given 3.6 × 1.2 = 4.32.
    expect(thawed.adjustment).toMatchObject({ method: 'additive', status: 'applied' });
    expect(thawed.adjustment.factor).toBeCloseTo(3.84 / 3.6, 12);
    expect(thawed.slots).toHaveLength(12);
    for (const slot of thawed.slots) expect(thawed.kwhBySlot[slot]).toBeCloseTo(0.32, 12);
  });

  it('caps the added amount at 20 % of the baseline, by hand', () => {
    const readings = readingsOn(HISTORY, usual);
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO, 'mean-of-days-additive-window');
    // Nothing used in the window: 12 × (0 − 0.1) = −1.2 kWh, capped at −0.2 × 3.6 = −0.72.
    const down = thawBaseline(frozen, START, END, TORONTO, eventDayWith(0));
    expect(down?.ok && down.adjustment).toMatchObject({ status: 'clamped', factor: expect.closeTo(0.8, 12), unclamped: expect.closeTo(2.4 / 3.6, 12) });
    // 0.11 a slot: 12 × 0.01 = +0.12 kWh, inside the cap.
    const up = thawBaseline(frozen, START, END, TORONTO, eventDayWith(0.11));
    if (!up?.ok) throw new Error('no baseline');
    expect(up.slots.reduce((sum, slot) => sum + up.kwhBySlot[slot]!, 0)).toBeCloseTo(3.72, 12);
  });

  it('a row frozen under decision 029’s rule still thaws by its ratio, clamped to 0.8–1.2', () => {
    const readings = readingsOn(HISTORY, usual);
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO, 'mean-of-days-additive-window');
    if (frozen.status !== 'ok') throw new Error('no baseline');
    const old = { ...frozen, method: 'mean-of-days-same-day-factor' as const };
    // 0.11 ÷ 0.1 = 1.1 × 3.6 = 3.96 kWh; 0.15 ÷ 0.1 = 1.5, clamped to 1.2: 4.32 kWh.
    const applied = thawBaseline(old, START, END, TORONTO, eventDayWith(0.11));
    expect(applied?.ok && applied.adjustment).toMatchObject({ method: 'multiplicative', status: 'applied', factor: expect.closeTo(1.1, 12) });
    const clamped = thawBaseline(old, START, END, TORONTO, eventDayWith(0.15));
    if (!clamped?.ok) throw new Error('no baseline');
    expect(clamped.adjustment).toMatchObject({ status: 'clamped', factor: 1.2 });
    for (const slot of clamped.slots) expect(clamped.kwhBySlot[slot]).toBeCloseTo(0.36, 12);
  });

  it('does not move when earlier readings arrive or change after it was frozen', () => {
    const readings = readingsOn(HISTORY, () => 0.2);
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO, 'mean-of-days-additive-window');
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
    const frozen = freezeBaseline(baselineOf(readings), readings, START, TORONTO, 'mean-of-days-additive-window');
    expect(frozen).toEqual({ status: 'insufficient_history', days: ['2025-07-11', '2025-07-10'] });
    expect(thawBaseline(frozen, START, END, TORONTO, undefined)).toEqual({ ok: false, reason: 'insufficient_history', eventDate: '2025-07-17', days: ['2025-07-11', '2025-07-10'] });
    // Frozen for one hour, asked for two: the figures do not fit, the caller computes anew.
    const full = readingsOn(HISTORY, () => 0.2);
    const ok = freezeBaseline(baselineOf(full), full, START, TORONTO, 'mean-of-days-additive-window');
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
        for (const method of OWN_DAYS_METHODS) {
          const computed = computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings, eventDates: [], holidays: [], ...ownDaysRule(method) });
          const frozen = freezeBaseline(computed, readings, START, TORONTO, method);
          expect(frozen.status === 'ok' && frozen.method).toBe(computed.ok && method);
          expect(thawBaseline(frozen, START, END, TORONTO, readings.get('2025-07-17'))).toEqual(computed);
        }
      }),
      { numRuns: 30 },
    );
  });
});

const OWN_DAYS_METHODS: OwnDaysMethod[] = ['mean-of-days-same-day-factor', 'mean-of-days-additive-window', 'mean-of-days-additive-early-window', 'mean-of-days-unadjusted'];

describe('decision 138: the window ending two hours before, and battery homes unadjusted', () => {
  it('new rows: the early window for a home without a battery, the days alone for a battery home', () => {
    expect(frozenMethodFor({ hasBattery: false, measuredProduction: false })).toBe('mean-of-days-additive-early-window');
    expect(frozenMethodFor({ hasBattery: true, measuredProduction: false })).toBe('mean-of-days-unadjusted');
    // A battery whose panels' production is measured: its days nearest in sun (decision 147).
    expect(frozenMethodFor({ hasBattery: true, measuredProduction: true })).toBe('mean-of-sun-matched-days');
  });

  // Usual: 0.1 kWh a slot 13:00–16:00, 0.2 a slot 16:00–17:00 (the ordinary late afternoon), 0.3
  // a slot over the event (18:00–19:00): unadjusted 12 × 0.3 = 3.6 kWh. On the event day the home
  // pre-cools from 16:30 (0.5 a slot) and uses 0.12 a slot from 13:00 to 16:00.
  const usual = (_date: LocalDate, clock: string) => (clock >= '13:00' && clock < '16:00' ? 0.1 : clock >= '16:00' && clock < '17:00' ? 0.2 : clock >= '18:00' && clock < '19:00' ? 0.3 : 0.05);
  const eventDay = readingsOn(['2025-07-17'], (_d, clock) => (clock >= '13:00' && clock < '16:00' ? 0.12 : clock >= '16:30' && clock < '18:00' ? 0.5 : clock >= '16:00' && clock < '16:30' ? 0.2 : 0.05)).get('2025-07-17');
  const early = (readings: Map<LocalDate, Record<string, number>>) => computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings, eventDates: [], holidays: [], ...ownDaysRule('mean-of-days-additive-early-window') });

  it('reads 13:00–16:00 for an 18:00 event, so a pre-cool from 16:30 is not in it, by hand', () => {
    const readings = readingsOn(HISTORY, usual);
    readings.set('2025-07-17', { ...eventDay });
    const frozen = freezeBaseline(early(readings), readings, START, TORONTO, 'mean-of-days-additive-early-window');
    if (frozen.status !== 'ok') throw new Error('no baseline');
    expect(frozen.windowKwh).toHaveLength(36);
    for (const kwh of frozen.windowKwh) expect(kwh).toBeCloseTo(0.1, 12);
    const thawed = thawBaseline(frozen, START, END, TORONTO, eventDay);
    if (!thawed?.ok) throw new Error('no baseline');
    expect(thawed.adjustment.slots[0]).toBe('13:00');
    expect(thawed.adjustment.slots.at(-1)).toBe('15:55');
    // 3.6 + 12 × (0.12 − 0.1) = 3.84 kWh.
    expect(thawed.adjustment).toMatchObject({ method: 'additive', status: 'applied', windowGapMinutes: 120 });
    expect(thawed.slots.reduce((sum, slot) => sum + thawed.kwhBySlot[slot]!, 0)).toBeCloseTo(3.84, 12);
    // Decision 101's window (14:00–17:00) on the same day: 24 slots at +0.02, 6 at 0, 6 at +0.3,
    // a mean of (0.48 + 1.8) ÷ 36 = 0.0633 a slot, × 12 = +0.76 kWh, capped at +0.72: 4.32 kWh.
    const old = computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings, eventDates: [], holidays: [] });
    if (!old.ok) throw new Error('no baseline');
    expect(old.adjustment).toMatchObject({ status: 'clamped', windowGapMinutes: 60 });
    expect(old.slots.reduce((sum, slot) => sum + old.kwhBySlot[slot]!, 0)).toBeCloseTo(4.32, 12);
  });

  it('a day with a gap in the early window (13:30) is not a baseline day; one with a gap only in the hour after it (16:30) is', () => {
    const readings = readingsOn(HISTORY, usual);
    delete readings.get('2025-07-08')!['13:30'];
    delete readings.get('2025-07-09')!['16:30'];
    const baseline = early(readings);
    expect(baseline.ok).toBe(false);
    expect(baseline.days).toEqual(['2025-07-11', '2025-07-10', '2025-07-09', '2025-07-07']);
  });

  it('a battery home: the days’ mean alone, whatever the day brought, and no window needed on its days, by hand', () => {
    const readings = readingsOn(HISTORY, usual);
    // A gap in every day's afternoon: no window rule would have a baseline day left.
    for (const date of HISTORY) delete readings.get(date)!['15:00'];
    const computed = computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings, eventDates: [], holidays: [], ...ownDaysRule('mean-of-days-unadjusted') });
    const frozen = freezeBaseline(computed, readings, START, TORONTO, 'mean-of-days-unadjusted');
    if (frozen.status !== 'ok') throw new Error('no baseline');
    expect(frozen).toMatchObject({ method: 'mean-of-days-unadjusted', windowKwh: [] });
    expect(frozen.baselineKwh).toBeCloseTo(3.6, 12);
    // The afternoon ran 1.5 kWh a slot (a battery held full, the grid covering the house): nothing moves.
    const held = readingsOn(['2025-07-17'], (_d, clock) => (clock < '18:00' ? 1.5 : 0.1)).get('2025-07-17');
    const thawed = thawBaseline(frozen, START, END, TORONTO, held);
    if (!thawed?.ok) throw new Error('no baseline');
    expect(thawed.adjustment).toEqual({ method: 'none', factor: 1, unclamped: null, status: 'not_adjusted_battery', slots: [] });
    expect(thawed.slots.reduce((sum, slot) => sum + thawed.kwhBySlot[slot]!, 0)).toBeCloseTo(3.6, 12);
    expect(computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings, eventDates: [], holidays: [] }).ok).toBe(false);
  });
});
