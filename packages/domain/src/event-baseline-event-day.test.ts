import { describe, expect, it } from 'vitest';
import { freezeEventDayGroupBaseline, thawBaseline } from './event-baseline-frozen';
import { chooseEventDayGroup, type WindowUse } from './event-baseline-group';
import { slotsKwh } from './event-baseline-methods';
import type { DayReadings, SlotReadings } from './event-intervals';

// A weekday event 18:00–18:30 in Toronto (EDT, UTC−4): 6 slots; its window 13:00–16:00, 36 slots.
const START = new Date('2025-07-16T22:00:00Z');
const END = new Date('2025-07-16T22:30:00Z');
const ZONE = 'America/Toronto';
const DATE = '2025-07-16';
const EVENT_SLOTS = ['18:00', '18:05', '18:10', '18:15', '18:20', '18:25'];

describe('choosing the group of a member with no past day (decision 144)', () => {
  it('takes the homes nearest in their use over the window, ties by id, never the member, and wants 5', () => {
    const candidates: WindowUse[] = [3, 1.5, 2.5, 1.75, 2.25, 4, 2].map((windowKwh, i) => ({ id: `p${i}`, windowKwh }));
    // The member used 2 kWh: distances p6 0, p3 0.25, p4 0.25, p1 0.5, p2 0.5, p0 1, p5 2.
    expect(chooseEventDayGroup('me', 2, [...candidates, { id: 'me', windowKwh: 2 }], 5)!.map((p) => p.id)).toEqual(['p6', 'p3', 'p4', 'p1', 'p2']);
    expect(chooseEventDayGroup('me', 2, candidates.slice(0, 4))).toBeNull();
  });

  it('reads a window only when every slot is in: a gap would read as a low use', () => {
    const day = Object.fromEntries(['13:00', '13:05', '13:10'].map((slot, i) => [slot, 0.1 * (i + 1)]));
    const readings: DayReadings = new Map([[DATE, day]]);
    expect(slotsKwh(readings, DATE, ['13:00', '13:05', '13:10'])).toBeCloseTo(0.6, 12);
    expect(slotsKwh(readings, DATE, ['13:00', '13:05', '13:10', '13:15'])).toBeNull();
  });
});

describe('a baseline frozen on the event day’s window', () => {
  // The member used 1.8 kWh over the 36 window slots: 0.05 a slot, 0.3 over the 6 event slots.
  // Five peers used 0.9, 1.8, 2.7, 3.6 and 4.5 kWh over the window (Σ 13.5), and over the event
  // 0.2, 0.4, 0.6, 0.8 and 1.0 kWh (Σ 3.0), spread evenly over its slots.
  const peers = [0.9, 1.8, 2.7, 3.6, 4.5].map((windowKwh, i) => ({ id: `p${i}`, windowKwh }));
  const eventUse = [0.2, 0.4, 0.6, 0.8, 1.0];
  const frozen = freezeEventDayGroupBaseline('weekday', DATE, 6, 36, 1.8, peers);
  const day = (called: Set<string>) => ({
    readings: new Map(peers.map((p, i) => [p.id, Object.fromEntries(EVENT_SLOTS.map((slot) => [slot, eventUse[i]! / 6])) as SlotReadings])),
    called,
  });

  it('is the member’s window use times Σ the peers’ event use ÷ Σ their window use, by hand', () => {
    expect(frozen).toMatchObject({ method: 'event-day-comparison-group', days: [DATE], noiseKwh: null });
    expect(frozen.baselineKwh).toBeCloseTo(0.3, 12);
    const baseline = thawBaseline(frozen, START, END, ZONE, undefined, day(new Set()));
    if (!baseline?.ok) throw new Error('no baseline');
    // Over the event's length the peers' window use is 13.5 × 6 / 36 = 2.25; they used 3.0: × 4/3.
    expect(baseline.adjustment).toMatchObject({ method: 'comparison', status: 'applied', peers: 5 });
    expect(baseline.adjustment.factor).toBeCloseTo(4 / 3, 12);
    const total = EVENT_SLOTS.reduce((sum, slot) => sum + baseline.kwhBySlot[slot]!, 0);
    // 1.8 × 3.0 / 13.5 = 0.4 kWh.
    expect(total).toBeCloseTo(0.4, 12);
    expect(baseline.fromEventDay).toBe(true);
  });

  it('leaves a peer called since out, and with fewer than 5 left is the window’s use unchanged', () => {
    const baseline = thawBaseline(frozen, START, END, ZONE, undefined, day(new Set(['p4'])));
    if (!baseline?.ok) throw new Error('no baseline');
    expect(baseline.adjustment).toMatchObject({ status: 'missing_data', factor: 1 });
    expect(EVENT_SLOTS.reduce((sum, slot) => sum + baseline.kwhBySlot[slot]!, 0)).toBeCloseTo(0.3, 12);
  });
});

describe('a solar member’s baseline frozen on the event day’s gross load (decision 144’s Since)', () => {
  // The member's gross use over the 36 window slots: 3.6 kWh, 0.1 a slot, 0.6 over the event's 6.
  // Five peers' gross use over the window 1.8 … 9.0 (Σ 27), over the event 0.3 … 1.5 (Σ 4.5).
  const peers = [1.8, 3.6, 5.4, 7.2, 9.0].map((windowKwh, i) => ({ id: `p${i}`, windowKwh }));
  const eventUse = [0.3, 0.6, 0.9, 1.2, 1.5];
  const frozen = freezeEventDayGroupBaseline('weekday', DATE, 6, 36, 3.6, peers, 'event-day-gross-comparison-group');
  const group = {
    readings: new Map(peers.map((p, i) => [p.id, Object.fromEntries(EVENT_SLOTS.map((slot) => [slot, eventUse[i]! / 6])) as SlotReadings])),
    called: new Set<string>(),
  };
  // The panels made 0.02 kWh in each of the first three slots, 0.15 in the fourth (more than the
  // slot's use), and nothing after; the last slot's reading is not in yet.
  const production: SlotReadings = { '18:00': 0.02, '18:05': 0.02, '18:10': 0.02, '18:15': 0.15, '18:20': 0 };

  it('moves the window’s gross use by the group, then takes each slot’s production off, never below 0, by hand', () => {
    expect(frozen).toMatchObject({ method: 'event-day-gross-comparison-group', days: [DATE], noiseKwh: null });
    const baseline = thawBaseline(frozen, START, END, ZONE, undefined, group, { gross: undefined, production });
    if (!baseline?.ok) throw new Error('no baseline');
    // Over the event's length the peers' window use is 27 × 6 / 36 = 4.5; they used 4.5: × 1.
    expect(baseline.adjustment.factor).toBeCloseTo(1, 12);
    const bySlot = EVENT_SLOTS.map((slot) => baseline.kwhBySlot[slot]!);
    [0.08, 0.08, 0.08, 0, 0.1, 0.1].forEach((kwh, i) => expect(bySlot[i]).toBeCloseTo(kwh, 12));
    expect(baseline.adjustment.gross!.usualKwh).toBeCloseTo(0.6, 12);
    expect(baseline.adjustment.gross!.shiftKwh).toBeCloseTo(0, 12);
    expect(baseline.adjustment.gross!.productionKwh).toBeCloseTo(0.21, 12);
    expect(baseline.fromEventDay).toBe(true);
  });

  it('takes the production off the moved figure, not the window’s', () => {
    // The peers used 6.3 over the event: × 1.4, so each slot is 0.14 gross before the sun.
    const moved = { ...group, readings: new Map(peers.map((p, i) => [p.id, Object.fromEntries(EVENT_SLOTS.map((slot) => [slot, (eventUse[i]! * 1.4) / 6])) as SlotReadings])) };
    const baseline = thawBaseline(frozen, START, END, ZONE, undefined, moved, { gross: undefined, production });
    if (!baseline?.ok) throw new Error('no baseline');
    [0.12, 0.12, 0.12, 0, 0.14, 0.14].forEach((kwh, i) => expect(baseline.kwhBySlot[EVENT_SLOTS[i]!]).toBeCloseTo(kwh, 12));
    expect(baseline.adjustment.gross!.shiftKwh).toBeCloseTo(0.24, 12);
  });

  it('an event-day row on grid draw takes nothing off, whatever production it is given', () => {
    const onGrid = freezeEventDayGroupBaseline('weekday', DATE, 6, 36, 3.6, peers);
    const baseline = thawBaseline(onGrid, START, END, ZONE, undefined, group, { gross: undefined, production });
    if (!baseline?.ok) throw new Error('no baseline');
    expect(EVENT_SLOTS.every((slot) => Math.abs(baseline.kwhBySlot[slot]! - 0.1) < 1e-12)).toBe(true);
    expect(baseline.adjustment.gross).toBeUndefined();
  });
});
