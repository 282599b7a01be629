import { describe, expect, it } from 'vitest';
import { grossLoadBaseline, type GrossLoadInput } from './event-baseline-gross';
import type { LocalDate } from './local-time';

// Two baseline days, a two-interval event at 18:00 and a three-interval window at 14:00.
// Grid draw over the event: 0.30 + 0.20 and 0.10 + 0.20 (mean 0.20 a slot, 0.40 in all).
// Gross load over the window: 0.50 and 0.30 a slot (usual 0.40); over the event 0.40 + 0.30 and
// 0.20 + 0.30 (mean 0.30 a slot). Grid draw over the window is 0.25 a slot on both days.
const DAY1 = '2025-07-14';
const DAY2 = '2025-07-15';
const EVENT_DAY = '2025-07-16';
const WINDOW = ['14:00', '14:05', '14:10'];
const EVENT = ['18:00', '18:05'];

function day(window: number, event: readonly [number, number]): Record<string, number> {
  return { '14:00': window, '14:05': window, '14:10': window, '18:00': event[0], '18:05': event[1] };
}

function input(eventDayGrossWindow: number, variant: GrossLoadInput['variant'], production: Record<string, number> = { '18:00': 0.12, '18:05': 0.4 }): GrossLoadInput {
  const net = new Map<LocalDate, Record<string, number>>([
    [DAY1, day(0.25, [0.3, 0.2])],
    [DAY2, day(0.25, [0.1, 0.2])],
    // A sunny window: the home drew 0.05 a slot from the grid.
    [EVENT_DAY, { '14:00': 0.05, '14:05': 0.05, '14:10': 0.05 }],
  ]);
  const gross = new Map<LocalDate, Record<string, number>>([
    [DAY1, day(0.5, [0.4, 0.3])],
    [DAY2, day(0.3, [0.2, 0.3])],
    [EVENT_DAY, { '14:00': eventDayGrossWindow, '14:05': eventDayGrossWindow, '14:10': eventDayGrossWindow }],
  ]);
  return {
    days: [DAY2, DAY1],
    event: { date: EVENT_DAY, slots: EVENT },
    window: { date: EVENT_DAY, slots: WINDOW },
    net,
    gross,
    // The panels over the event: 0.10 + 0.30 and 0.20 + 0.10 on the baseline days (mean 0.15, 0.20).
    production: new Map([
      [DAY1, { '18:00': 0.1, '18:05': 0.3 }],
      [DAY2, { '18:00': 0.2, '18:05': 0.1 }],
      [EVENT_DAY, production],
    ]),
    variant,
  };
}

describe('the same-day adjustment on gross load', () => {
  it('moves the grid-draw baseline by the window gross difference, not by the sun in the window', () => {
    // 0.42 against a usual 0.40: +0.02 a slot × 2 event slots = +0.04 on 0.40 (cap 0.08).
    // On grid draw the window ran 0.05 against 0.25 and would have cut the baseline to 0.32.
    const b = grossLoadBaseline(input(0.42, 'window'))!;
    expect(b.adjustment.status).toBe('applied');
    expect(b.windowShiftKwh).toBeCloseTo(0.04, 12);
    expect(b.kwh).toBeCloseTo(0.44, 12);
    expect(b.kwhBySlot['18:00']).toBeCloseTo(0.22, 12);
    expect(b.kwhBySlot['18:05']).toBeCloseTo(0.22, 12);
    expect(b.unadjustedKwhBySlot).toEqual({ '18:00': 0.2, '18:05': 0.2 });
  });

  it('caps the move at 20 % of the grid-draw baseline', () => {
    // 0.50 against 0.40: +0.20, capped at 0.08 of 0.40.
    const b = grossLoadBaseline(input(0.5, 'window'))!;
    expect(b.adjustment.status).toBe('clamped');
    expect(b.kwh).toBeCloseTo(0.48, 12);
    const low = grossLoadBaseline(input(0.2, 'window'))!;
    expect(low.kwh).toBeCloseTo(0.32, 12);
  });

  it('a gross-load baseline takes the event day own production off, slot by slot, never below 0', () => {
    // Gross mean 0.30 a slot + 0.04 ÷ 2 = 0.32; less 0.12 → 0.20; less 0.40 → 0 (not −0.08).
    const b = grossLoadBaseline(input(0.42, 'gross-baseline'))!;
    expect(b.kwhBySlot['18:00']).toBeCloseTo(0.2, 12);
    expect(b.kwhBySlot['18:05']).toBe(0);
    expect(b.kwh).toBeCloseTo(0.2, 12);
  });

  it('the expected draw floors each baseline day at 0 before the mean, where gross-baseline floors the mean', () => {
    // Share +0.02 a slot. 18:00 under 0.25 of sun: day 1 0.40 + 0.02 − 0.25 = 0.17, day 2 0.20 + 0.02 − 0.25 → 0;
    // mean 0.085, where the floor of the mean is 0.30 + 0.02 − 0.25 = 0.07. 18:05 under 0.30: 0.02 on both days.
    const sun = { '18:00': 0.25, '18:05': 0.3 };
    const b = grossLoadBaseline(input(0.42, 'expected-draw', sun))!;
    expect(b.kwhBySlot['18:00']).toBeCloseTo(0.085, 12);
    expect(b.kwhBySlot['18:05']).toBeCloseTo(0.02, 12);
    expect(b.kwh).toBeCloseTo(0.105, 12);
    // Each day's draw, whose spread is the row's σ: day 1 0.17 + 0.02, day 2 0 + 0.02.
    expect(b.dayDrawsKwh).toHaveLength(2);
    expect(b.dayDrawsKwh![0]).toBeCloseTo(0.19, 12);
    expect(b.dayDrawsKwh![1]).toBeCloseTo(0.02, 12);
    expect(grossLoadBaseline(input(0.42, 'gross-baseline', sun))!.kwh).toBeCloseTo(0.09, 12);
  });

  it('the production difference moves the grid-draw baseline by the usual evening sun less the day own', () => {
    // The window's 0.22 a slot; 18:00: 0.22 + 0.15 − 0.12 = 0.25; 18:05: 0.22 + 0.20 − 0.40 = 0.02.
    const b = grossLoadBaseline(input(0.42, 'production-difference'))!;
    expect(b.kwhBySlot['18:00']).toBeCloseTo(0.25, 12);
    expect(b.kwhBySlot['18:05']).toBeCloseTo(0.02, 12);
    expect(b.kwh).toBeCloseTo(0.27, 12);
    // A sunnier evening than any baseline day: 0.22 + 0.20 − 0.60 is floored at 0.
    expect(grossLoadBaseline(input(0.42, 'production-difference', { '18:00': 0.12, '18:05': 0.6 }))!.kwhBySlot['18:05']).toBe(0);
    const gap = input(0.42, 'production-difference');
    expect(grossLoadBaseline({ ...gap, production: new Map([...gap.production, [DAY2, { '18:00': 0.2 }]]) })).toBeNull();
  });

  it('gives nothing when gross load or the day production is missing, so the caller keeps the grid-draw rule', () => {
    const gap = input(0.42, 'window');
    (gap.gross.get(DAY1) as Record<string, number>)['14:05'] = Number.NaN;
    expect(grossLoadBaseline(gap)).toBeNull();
    // The window rule does not read production; the gross-load baseline needs every event slot of it.
    expect(grossLoadBaseline(input(0.42, 'window', {}))).not.toBeNull();
    expect(grossLoadBaseline(input(0.42, 'gross-baseline', { '18:00': 0.12 }))).toBeNull();
  });

  it('a window missing more than half its intervals leaves the baseline unadjusted', () => {
    const full = input(0.42, 'window');
    const b = grossLoadBaseline({ ...full, gross: new Map([...full.gross, [EVENT_DAY, { '14:00': 0.9 }]]) })!;
    expect(b.adjustment.status).toBe('missing_data');
    expect(b.kwh).toBeCloseTo(0.4, 12);
  });
});
