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
