import { describe, expect, it } from 'vitest';
import type { Baseline } from './event-baseline';
import { elapsedIntervals, eventScorecard, kwOfInterval } from './event-scorecard';

const SLOTS = ['18:00', '18:05', '18:10', '18:15'];
const BASELINE: Baseline = {
  ok: true,
  eventDate: '2025-07-17',
  kind: 'weekday',
  days: ['2025-07-16'],
  adjustment: { method: 'additive', factor: 1, unclamped: 1, status: 'applied', slots: [] },
  slots: SLOTS,
  unadjustedKwhBySlot: Object.fromEntries(SLOTS.map((s) => [s, 0.25])),
  kwhBySlot: Object.fromEntries(SLOTS.map((s) => [s, 0.25])),
};
const START = Date.UTC(2025, 6, 17, 22, 0);

describe('elapsedIntervals', () => {
  it('lists the intervals begun so far with their instants, in kW (0.25 kWh in 5 minutes is 3 kW)', () => {
    const card = eventScorecard(BASELINE, { '18:00': 0.2, '18:05': 0.1 });
    if (card.status !== 'live') throw new Error('expected a live card');
    // 11 minutes in: the third interval has begun and has no reading yet.
    expect(elapsedIntervals(card, START, START + 11 * 60_000)).toEqual([
      { slot: '18:00', startMs: START, baselineKw: 3, actualKw: 2.4000000000000004 },
      { slot: '18:05', startMs: START + 300_000, baselineKw: 3, actualKw: 1.2000000000000002 },
      { slot: '18:10', startMs: START + 600_000, baselineKw: 3, actualKw: null },
    ]);
    expect(elapsedIntervals(card, START, START)).toEqual([]);
    expect(elapsedIntervals(card, START, START + 3_600_000)).toHaveLength(4);
    expect(kwOfInterval(0.5)).toBe(6);
  });
});
