import { describe, expect, it } from 'vitest';
import type { Baseline } from './event-baseline';
import { elapsedIntervals, eventScorecard, kwOfInterval } from './event-scorecard';
import { cededSlotsOf } from './event-stacked-points';

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

describe('points on track with a program paying per kWh (decision 113)', () => {
  const terms = { targetPercent: 10, rewardPoints: 100 };
  const onTrack = (actual: Record<string, number>, pointsPerKwh?: number) => {
    const card = eventScorecard(BASELINE, actual, terms, pointsPerKwh);
    if (card.status !== 'live') throw new Error('expected a live card');
    return [card.pointsOnTrack, card.kwhPointsOnTrack];
  };

  it('adds the kWh beyond the target that the cut so far saves over the whole event', () => {
    // Half in: 0.5 kWh of baseline against 0.4, a 20 % cut: the curve pays 100 × (1 + 10 / 20) = 150.
    // Kept for the whole hour, the 1.0 kWh baseline sees 0.8: 0.2 saved, 0.1 beyond the 10 % target,
    // × 50 = 5 points. (Over the two intervals in alone it would be 0.05 × 50 = 2.)
    expect(onTrack({ '18:00': 0.2, '18:05': 0.2 }, 50)).toEqual([155, 5]);
    // No rate: the curve alone, as before.
    expect(onTrack({ '18:00': 0.2, '18:05': 0.2 })).toEqual([150, 0]);
  });

  it('once every interval is in, is what settlement pays: the curve plus the floored kWh part', () => {
    // 1.0 against 0.85: 15 % → 100 × (1 + 5 / 20) = 125; 0.05 kWh beyond × 50 = 2.5, floored to 2.
    expect(onTrack({ '18:00': 0.2, '18:05': 0.2, '18:10': 0.2, '18:15': 0.25 }, 50)).toEqual([127, 2]);
  });

  it('pays nothing per kWh when the curve pays nothing', () => {
    // 0.25 against 0.24: 4 %, below the target.
    expect(onTrack({ '18:00': 0.24 }, 50)).toEqual([0, 0]);
    expect(onTrack({}, 50)).toEqual([0, 0]);
  });
});

describe('points on track when another event pays some intervals (decision 108)', () => {
  const terms = { targetPercent: 10, rewardPoints: 100 };

  it('counts only the intervals this event pays, with the reward in proportion, as settlement does', () => {
    // The last two intervals are paid by another event. Over the first two: 0.5 kWh of baseline
    // against 0.4, a 20 % cut: 100 × 2/4 × (1 + 10 / 20) = 75; per kWh, 0.1 saved, 0.05 beyond the
    // 10 % target, × 50 = 2.5, floored to 2. The cut to 0 in the ceded intervals counts for nothing.
    const card = eventScorecard(BASELINE, { '18:00': 0.2, '18:05': 0.2, '18:10': 0, '18:15': 0 }, terms, 50, new Set(['18:10', '18:15']));
    if (card.status !== 'live') throw new Error('expected a live card');
    expect([card.pointsOnTrack, card.kwhPointsOnTrack]).toEqual([77, 2]);
    expect([card.baselineKwh, card.actualKwh, card.targetMet]).toEqual([0.5, 0.4, true]);
    expect(card.reductionPercent).toBeCloseTo(20, 9);
    // The chart still shows every interval.
    expect(card.intervals.map((i) => i.slot)).toEqual(SLOTS);
    // Without the ceded intervals the same readings would be a 60 % cut over the whole hour.
    const whole = eventScorecard(BASELINE, { '18:00': 0.2, '18:05': 0.2, '18:10': 0, '18:15': 0 }, terms, 50);
    expect(whole.status === 'live' && whole.pointsOnTrack).toBeGreaterThan(77);
  });

  it('names the ceded slots by their instants, the n-th slot n × 5 minutes after the first', () => {
    expect([...cededSlotsOf(SLOTS, START, new Set([START + 600_000, START + 900_000, START + 3_600_000]))]).toEqual(['18:10', '18:15']);
    // An event starting off the 5-minute grid: its first slot is the interval it starts in.
    expect([...cededSlotsOf(SLOTS, START + 60_000, new Set([START]))]).toEqual(['18:00']);
  });
});
