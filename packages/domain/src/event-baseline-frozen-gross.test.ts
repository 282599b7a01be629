import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBaseline, EARLY_WINDOW_GAP_MINUTES } from './event-baseline';
import { freezeBaseline, thawBaseline, type FrozenBaselineFigures } from './event-baseline-frozen';
import { freezeGrossBaseline, hasMeasuredProduction } from './event-baseline-frozen-gross';
import { grossLoadBaseline } from './event-baseline-gross';
import { adjustmentWindowSlots, clockOf, daySlots, eventSlots } from './event-intervals';
import type { LocalDate } from './local-time';
import { localDatesInRange } from './local-time';

const TORONTO = 'America/Toronto';
// Thursday 2025-07-17, 18:00–19:00 EDT: 12 event slots; the early window 13:00–16:00: 36 slots.
const START = new Date('2025-07-17T22:00:00Z');
const END = new Date('2025-07-17T23:00:00Z');
const EVENT_DAY = '2025-07-17';
const HISTORY = localDatesInRange('2025-07-07', '2025-07-11');
const EVENT = eventSlots(START, END, TORONTO)!;
const WINDOW = adjustmentWindowSlots(START, TORONTO, EARLY_WINDOW_GAP_MINUTES)!;

type Flow = { import: number; export: number; production: number };

/** Grid draw, gross load and production by day, from one interval's registers by clock. */
function flowsOn(dates: readonly LocalDate[], flow: (date: LocalDate, clock: string) => Flow) {
  const net = new Map<LocalDate, Record<string, number>>();
  const gross = new Map<LocalDate, Record<string, number>>();
  const production = new Map<LocalDate, Record<string, number>>();
  for (const date of dates) {
    const n: Record<string, number> = {};
    const g: Record<string, number> = {};
    const p: Record<string, number> = {};
    for (const slot of daySlots(date, TORONTO)) {
      if (clockOf(slot) >= '20:00') continue;
      const f = flow(date, clockOf(slot));
      n[slot] = Math.max(0, f.import - f.export);
      g[slot] = f.import - f.export + f.production;
      p[slot] = f.production;
    }
    net.set(date, n);
    gross.set(date, g);
    production.set(date, p);
  }
  return { net, gross, production };
}

const inWindow = (clock: string) => clock >= '13:00' && clock < '16:00';
const inEvent = (clock: string) => clock >= '18:00' && clock < '19:00';

function frozenGross(history: ReturnType<typeof flowsOn>): FrozenBaselineFigures {
  const early = computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings: history.net, eventDates: [], holidays: [], adjustment: 'additive', windowGapMinutes: EARLY_WINDOW_GAP_MINUTES });
  const row = freezeBaseline(early, history.net, START, TORONTO, 'mean-of-days-gross-load');
  if (row.status !== 'ok') throw new Error('no baseline');
  const gross = freezeGrossBaseline(row, EVENT, WINDOW, history.gross);
  if (!gross) throw new Error('no gross row');
  return gross;
}

// Usual: a sunny window drawing 0.05 a slot under 0.30 of production (gross 0.35); an evening
// drawing 0.20 a slot under 0.10 of production (gross 0.30). The grid-draw baseline: 12 × 0.20 = 2.4.
const usual = (_date: LocalDate, clock: string): Flow =>
  inWindow(clock) ? { import: 0.05, export: 0, production: 0.3 } : inEvent(clock) ? { import: 0.2, export: 0, production: 0.1 } : { import: 0.1, export: 0, production: 0 };

describe('the gross-load baseline frozen', () => {
  it('keeps the days, their grid draw shown and their gross load per window and event slot, by hand', () => {
    const row = frozenGross(flowsOn(HISTORY, usual));
    expect(row.method).toBe('mean-of-days-gross-load');
    expect(row.days).toEqual(['2025-07-11', '2025-07-10', '2025-07-09', '2025-07-08', '2025-07-07']);
    expect(row.baselineKwh).toBeCloseTo(2.4, 12);
    expect(row.windowKwh).toHaveLength(36);
    for (const kwh of row.windowKwh) expect(kwh).toBeCloseTo(0.05, 12);
    expect(row.gross?.windowKwh).toHaveLength(36);
    for (const kwh of row.gross!.windowKwh) expect(kwh).toBeCloseTo(0.35, 12);
    expect(row.gross?.eventKwh).toHaveLength(12);
    for (const kwh of row.gross!.eventKwh) expect(kwh).toBeCloseTo(0.3, 12);
    // Each of the five days' gross load per event slot, day-major.
    expect(row.gross?.eventDaysKwh).toHaveLength(5 * 12);
    for (const kwh of row.gross!.eventDaysKwh!) expect(kwh).toBeCloseTo(0.3, 12);
  });

  it('keeps σ of the days on gross load, not on the grid draw the sun moves (decision 140), by hand', () => {
    // Jul 7's evening draws 0.3 a slot under 0.05 of sun (gross 0.35); the other days 0.2 under 0.1 (gross 0.3).
    const history = flowsOn(HISTORY, (date, clock) => (inEvent(clock) && date === '2025-07-07' ? { import: 0.3, export: 0, production: 0.05 } : usual(date, clock)));
    const early = computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings: history.net, eventDates: [], holidays: [], adjustment: 'additive', windowGapMinutes: EARLY_WINDOW_GAP_MINUTES });
    const grid = freezeBaseline(early, history.net, START, TORONTO, 'mean-of-days-gross-load');
    // Grid draw over the event: 3.6, 2.4 × 4 (mean 2.64): squares 0.96² + 4 × 0.24² = 1.152, over 4.
    expect(grid.status === 'ok' && grid.noiseKwh).toBeCloseTo(Math.sqrt(0.288), 12);
    // Gross load: 4.2, 3.6 × 4 (mean 3.72): squares 0.48² + 4 × 0.12² = 0.288, over 4.
    expect(frozenGross(history).noiseKwh).toBeCloseTo(Math.sqrt(0.072), 12);
  });

  it('on the day: the usual gross load, plus the window gross difference, less the day own sun, by hand', () => {
    const row = frozenGross(flowsOn(HISTORY, usual));
    // Event day: the window's gross load 0.37 a slot (all from the panels: nothing drawn), so
    // +0.02 × 12 = +0.24 kWh, inside the cap of 0.2 × 2.4 = 0.48; 0.02 a slot. Production over the
    // event 0.05 a slot for the first half hour, 0.35 for the second:
    // 6 × max(0, 0.30 + 0.02 − 0.05) + 6 × max(0, 0.30 + 0.02 − 0.35) = 6 × 0.27 + 0 = 1.62 kWh.
    const day = flowsOn([EVENT_DAY], (_d, clock) =>
      inWindow(clock) ? { import: 0, export: 0, production: 0.37 } : inEvent(clock) ? { import: 0.1, export: 0, production: clock < '18:30' ? 0.05 : 0.35 } : { import: 0.1, export: 0, production: 0 },
    );
    const thawed = thawBaseline(row, START, END, TORONTO, day.net.get(EVENT_DAY), undefined, { gross: day.gross.get(EVENT_DAY), production: day.production.get(EVENT_DAY) });
    if (!thawed?.ok) throw new Error('no baseline');
    expect(thawed.adjustment).toMatchObject({ method: 'additive', status: 'applied' });
    // What the result explains: usual gross 12 × 0.30, +0.24, production 6 × 0.05 + 6 × 0.35.
    expect(thawed.adjustment.gross?.usualKwh).toBeCloseTo(3.6, 12);
    expect(thawed.adjustment.gross?.shiftKwh).toBeCloseTo(0.24, 12);
    expect(thawed.adjustment.gross?.productionKwh).toBeCloseTo(2.4, 12);
    expect(thawed.slots.reduce((sum, slot) => sum + thawed.kwhBySlot[slot]!, 0)).toBeCloseTo(1.62, 12);
    expect(thawed.kwhBySlot['18:00']).toBeCloseTo(0.27, 12);
    expect(thawed.kwhBySlot['18:55']).toBe(0);
    // The same row without the day's flows (none were read) is paid by the early window on grid
    // draw: 0 drawn against a usual 0.05, −0.6 capped at −0.48: 1.92 kWh.
    const onGrid = thawBaseline(row, START, END, TORONTO, day.net.get(EVENT_DAY));
    if (!onGrid?.ok) throw new Error('no baseline');
    expect(onGrid.adjustment).toMatchObject({ method: 'additive', status: 'clamped' });
    expect(onGrid.adjustment.gross).toBeUndefined();
    expect(onGrid.slots.reduce((sum, slot) => sum + onGrid.kwhBySlot[slot]!, 0)).toBeCloseTo(1.92, 12);
  });

  it('on the day: the floor at 0 day by day (decision 141), and σ of the days’ draws under the day’s sun, by hand', () => {
    // Jul 7's evening used 0.50 a slot (0.40 drawn, 0.10 of sun); the other days 0.25 (0.15 drawn): a mean of 0.30.
    const history = flowsOn(HISTORY, (date, clock) =>
      inEvent(clock) ? { import: date === '2025-07-07' ? 0.4 : 0.15, export: 0, production: 0.1 } : usual(date, clock),
    );
    const row = frozenGross(history);
    // The same event day as above: +0.02 a slot; sun 0.05 for the first half hour, 0.35 for the second.
    const day = flowsOn([EVENT_DAY], (_d, clock) =>
      inWindow(clock) ? { import: 0, export: 0, production: 0.37 } : inEvent(clock) ? { import: 0.1, export: 0, production: clock < '18:30' ? 0.05 : 0.35 } : { import: 0.1, export: 0, production: 0 },
    );
    const thawed = thawBaseline(row, START, END, TORONTO, day.net.get(EVENT_DAY), undefined, { gross: day.gross.get(EVENT_DAY), production: day.production.get(EVENT_DAY) });
    if (!thawed?.ok) throw new Error('no baseline');
    // First half: Jul 7 0.50 + 0.02 − 0.05 = 0.47, the others 0.25 + 0.02 − 0.05 = 0.22: mean 0.27 a slot.
    expect(thawed.kwhBySlot['18:00']).toBeCloseTo(0.27, 12);
    // Second half: Jul 7 0.50 + 0.02 − 0.35 = 0.17, the others below 0, so 0: mean 0.034 (the floor of the mean: 0).
    expect(thawed.kwhBySlot['18:55']).toBeCloseTo(0.034, 12);
    expect(thawed.slots.reduce((sum, slot) => sum + thawed.kwhBySlot[slot]!, 0)).toBeCloseTo(6 * 0.27 + 6 * 0.034, 12);
    // Each day's draw: Jul 7 6 × 0.47 + 6 × 0.17 = 3.84, the others 6 × 0.22 = 1.32; mean 1.824;
    // squares 2.016² + 4 × 0.504² = 5.08032, over 4.
    expect(thawed.noiseKwh).toBeCloseTo(Math.sqrt(5.08032 / 4), 12);
    // Before the day's sun is in, the frozen σ (on gross load) stands.
    const shown = thawBaseline(row, START, END, TORONTO, undefined, undefined, { gross: undefined, production: undefined });
    expect(shown?.ok && shown.noiseKwh).toBeUndefined();
  });

  it('before the event, and for a slot not in yet, shows the days’ own grid draw', () => {
    const row = frozenGross(flowsOn(HISTORY, usual));
    const shown = thawBaseline(row, START, END, TORONTO, undefined, undefined, { gross: undefined, production: undefined });
    if (!shown?.ok) throw new Error('no baseline');
    expect(shown.adjustment.status).toBe('missing_data');
    expect(shown.slots.reduce((sum, slot) => sum + shown.kwhBySlot[slot]!, 0)).toBeCloseTo(row.baselineKwh, 12);
  });

  it('measured production: above 0 in an interval the rule reads on a baseline day', () => {
    const sunny = flowsOn(HISTORY, usual);
    const slots = [...WINDOW.slots, ...EVENT.slots];
    expect(hasMeasuredProduction(HISTORY, slots, sunny.production)).toBe(true);
    const none = flowsOn(HISTORY, (date, clock) => ({ ...usual(date, clock), production: 0 }));
    expect(hasMeasuredProduction(HISTORY, slots, none.production)).toBe(false);
    // Production only outside the hours read does not count.
    expect(hasMeasuredProduction(HISTORY, ['19:00'], sunny.production)).toBe(false);
  });

  it('a baseline day without gross load in a slot it reads gives no gross row: the caller keeps the early window', () => {
    const history = flowsOn(HISTORY, usual);
    (history.gross.get('2025-07-09') as Record<string, number>)['18:30'] = Number.NaN;
    const early = computeBaseline({ eventStart: START, eventEnd: END, timeZone: TORONTO, readings: history.net, eventDates: [], holidays: [], adjustment: 'additive', windowGapMinutes: EARLY_WINDOW_GAP_MINUTES });
    const row = freezeBaseline(early, history.net, START, TORONTO, 'mean-of-days-gross-load');
    if (row.status !== 'ok') throw new Error('no baseline');
    expect(freezeGrossBaseline(row, EVENT, WINDOW, history.gross)).toBeNull();
  });

  it('frozen then thawed equals the expected draw computed from the same readings', () => {
    const kwh = fc.double({ min: 0, max: 0.6, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(kwh, kwh, kwh), { minLength: 9, maxLength: 9 }), fc.array(fc.tuple(kwh, kwh, kwh), { minLength: 3, maxLength: 3 }), (days, eventDay) => {
        // Per history day (index) and part of the day (window, event, other): import, export, production.
        const pick = (table: [number, number, number][], i: number, clock: string): Flow => {
          const [a, b, c] = table[(i * 3 + (inWindow(clock) ? 0 : inEvent(clock) ? 1 : 2)) % table.length]!;
          // Vary within the part by the minute, so slots differ.
          const m = Number(clock.slice(3)) / 55;
          return { import: a * (0.5 + m), export: b * (1 - m) * 0.5, production: c * (0.2 + m) };
        };
        const history = flowsOn(HISTORY, (date, clock) => pick(days, HISTORY.indexOf(date), clock));
        const day = flowsOn([EVENT_DAY], (_d, clock) => pick(eventDay, 0, clock));
        const row = frozenGross(history);
        const thawed = thawBaseline(row, START, END, TORONTO, day.net.get(EVENT_DAY), undefined, { gross: day.gross.get(EVENT_DAY), production: day.production.get(EVENT_DAY) });
        const merged = (a: Map<LocalDate, Record<string, number>>, b: Map<LocalDate, Record<string, number>>) => new Map([...a, ...b]);
        const direct = grossLoadBaseline({
          days: row.days,
          event: EVENT,
          window: WINDOW,
          net: merged(history.net, day.net),
          gross: merged(history.gross, day.gross),
          production: merged(history.production, day.production),
          variant: 'expected-draw',
        });
        if (!thawed?.ok || !direct) return false;
        expect(thawed.kwhBySlot).toEqual(direct.kwhBySlot);
        expect(thawed.unadjustedKwhBySlot).toEqual(direct.unadjustedKwhBySlot);
        expect(thawed.adjustment.factor).toBe(direct.adjustment.factor);
        return true;
      }),
      { numRuns: 60, seed: 138 },
    );
  });
});
