import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Baseline } from './event-baseline';
import { eventScorecard } from './event-scorecard';
import { ledgerDelta, settleEvent } from './event-settlement';

// A 1-hour event of 12 slots with a baseline of 0.2 kWh each (2.4 kWh in all), factor 1.1.
const SLOTS = Array.from({ length: 12 }, (_, i) => `18:${String(i * 5).padStart(2, '0')}`);
const BASELINE: Baseline = {
  ok: true,
  eventDate: '2025-07-17',
  kind: 'weekday',
  days: ['2025-07-16', '2025-07-15', '2025-07-14', '2025-07-11', '2025-07-09'],
  adjustment: { method: 'additive', factor: 1.1, unclamped: 1.1, status: 'applied', slots: [] },
  slots: SLOTS,
  unadjustedKwhBySlot: Object.fromEntries(SLOTS.map((s) => [s, 0.2 / 1.1])),
  kwhBySlot: Object.fromEntries(SLOTS.map((s) => [s, 0.2])),
};
const NO_BASELINE: Baseline = { ok: false, reason: 'insufficient_history', eventDate: '2025-07-17', days: ['2025-07-16'] };
const using = (kwh: number, count = 12) => Object.fromEntries(SLOTS.slice(0, count).map((s) => [s, kwh]));

describe('live scorecard', () => {
  it('compares the intervals in so far and projects the points (hand-computed)', () => {
    // 4 of 12 in at 0.15: baseline so far 0.8, actual 0.6, saved 0.2 = 25 % → 1 + 15/20 = 1.75 → 175.
    const card = eventScorecard(BASELINE, using(0.15, 4));
    expect(card).toMatchObject({ provisional: true, status: 'live', intervalsIn: 4, intervalsTotal: 12, targetMet: true, pointsOnTrack: 175, adjustmentFactor: 1.1 });
    if (card.status !== 'live') throw new Error('expected a live card');
    expect(card.baselineKwh).toBeCloseTo(0.8, 12);
    expect(card.actualKwh).toBeCloseTo(0.6, 12);
    expect(card.reductionKwh).toBeCloseTo(0.2, 12);
    expect(card.eventBaselineKwh).toBeCloseTo(2.4, 12);
    expect(card.missingSlots).toEqual(SLOTS.slice(4));
    expect(card.intervals[4]).toEqual({ slot: '18:20', baselineKwh: 0.2, actualKwh: null });
  });

  it('shows nothing on track before the first interval, and says why without a baseline', () => {
    expect(eventScorecard(BASELINE, {})).toMatchObject({ status: 'live', intervalsIn: 0, reductionPercent: null, pointsOnTrack: 0 });
    expect(eventScorecard(BASELINE, undefined)).toMatchObject({ intervalsIn: 0, pointsOnTrack: 0 });
    expect(eventScorecard(NO_BASELINE, using(0.1))).toEqual({ provisional: true, status: 'no_baseline', reason: 'insufficient_history', baselineDays: ['2025-07-16'] });
  });
});

describe('settlement', () => {
  it('settles a complete event with its baseline, adjustment and points (hand-computed)', () => {
    // 12 × 0.17 = 2.04 kWh against 2.4: 0.36 kWh saved = 15 % → 125 points.
    const s = settleEvent(BASELINE, using(0.17));
    expect(s).toMatchObject({ status: 'settled', reason: null, targetMet: true, points: 125, adjustmentFactor: 1.1, adjustmentStatus: 'applied', dayKind: 'weekday', missingSlots: [] });
    expect(s.baselineDays).toEqual(BASELINE.ok && BASELINE.days);
    expect(s.intervals).toHaveLength(12);
    expect(s.reductionKwh).toBeCloseTo(0.36, 12);
    expect(s.reductionPercent).toBeCloseTo(15, 9);
  });

  it('scores each boundary: just below the target, at it, at three times it', () => {
    expect(settleEvent(BASELINE, using(0.1802)).points).toBe(0); // 9.9 %
    expect(settleEvent(BASELINE, using(0.18)).points).toBe(100); // 10 %
    expect(settleEvent(BASELINE, using(0.14)).points).toBe(200); // 30 %
    expect(settleEvent(BASELINE, using(0)).points).toBe(200); // 100 %
    expect(settleEvent(BASELINE, using(0.3))).toMatchObject({ points: 0, targetMet: false, reductionKwh: expect.closeTo(-1.2, 9) });
    expect(settleEvent(BASELINE, using(0.18), { targetPercent: 10, rewardPoints: 300 }).points).toBe(300);
  });

  it('settles missing intervals as insufficient data, and a household without a baseline as such', () => {
    expect(settleEvent(BASELINE, using(0.1, 11))).toMatchObject({ status: 'insufficient_data', reason: 'missing_intervals', points: 0, targetMet: false, missingSlots: ['18:55'] });
    expect(settleEvent(BASELINE, { ...using(0.1), '18:30': Number.NaN })).toMatchObject({ status: 'insufficient_data', missingSlots: ['18:30'] });
    expect(settleEvent(NO_BASELINE, using(0.1))).toMatchObject({ status: 'no_baseline', reason: 'insufficient_history', points: 0, baselineDays: ['2025-07-16'] });
  });

  it('gives the same outcome when re-run, whatever order the readings come in', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }), fc.integer({ min: 0, max: 11 }), (kwh, rotate) => {
        const readings = SLOTS.map((slot, i) => [slot, kwh[i] ?? 0] as const);
        const reordered = [...readings.slice(rotate), ...readings.slice(0, rotate)];
        expect(settleEvent(BASELINE, Object.fromEntries(reordered))).toEqual(settleEvent(BASELINE, Object.fromEntries(readings)));
      }),
    );
  });
});

describe('settlement and the least cut (decision 148)', () => {
  // A battery home's evening: 0.004 kWh a slot over the hour, 0.048 kWh in all.
  const SMALL: Baseline = { ...BASELINE, kwhBySlot: Object.fromEntries(SLOTS.map((s) => [s, 0.004])) } as Baseline;

  it('pays nothing for all of 0.048 kWh cut over an hour, and says the target was not met', () => {
    const s = settleEvent(SMALL, using(0));
    expect(s).toMatchObject({ status: 'settled', points: 0, targetMet: false, reductionPercent: 100 });
    expect(s.reductionKwh).toBeCloseTo(0.048, 12);
    expect(eventScorecard(SMALL, using(0))).toMatchObject({ status: 'live', pointsOnTrack: 0, targetMet: false });
  });

  it('pays a cut from 0.05 kWh over the hour on as the curve says', () => {
    // 12 × 0.005 = 0.06 kWh: all of it cut is over the least cut (200 points); 0.048 of it (using 0.001 a slot) is under it.
    const home: Baseline = { ...BASELINE, kwhBySlot: Object.fromEntries(SLOTS.map((s) => [s, 0.005])) } as Baseline;
    expect(settleEvent(home, using(0))).toMatchObject({ points: 200, targetMet: true });
    expect(settleEvent(home, using(0.001))).toMatchObject({ points: 0, targetMet: false }); // 0.048 saved
  });

  it('on a live card, scales the least cut with the intervals in', () => {
    // 6 of 12 in: the least cut so far is 0.025 kWh. 6 × 0.004 = 0.024 is under it; 6 × 0.005 = 0.03 is over.
    expect(eventScorecard(SMALL, using(0, 6))).toMatchObject({ pointsOnTrack: 0, targetMet: false });
    const home: Baseline = { ...BASELINE, kwhBySlot: Object.fromEntries(SLOTS.map((s) => [s, 0.005])) } as Baseline;
    expect(eventScorecard(home, using(0, 6))).toMatchObject({ pointsOnTrack: 200, targetMet: true });
  });
});

describe('ledger delta', () => {
  it('moves only the difference on re-settlement', () => {
    expect(ledgerDelta(null, { points: 125 })).toBe(125);
    expect(ledgerDelta({ points: 125 }, { points: 150 })).toBe(25);
    expect(ledgerDelta({ points: 150 }, { points: 150 })).toBe(0);
    expect(ledgerDelta({ points: 150 }, { points: 0 })).toBe(-150);
  });

  it('adds up to the latest outcome over any run of re-settlements', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 8 }), (outcomes) => {
        let credited = 0;
        let previous: { points: number } | null = null;
        for (const points of outcomes) {
          credited += ledgerDelta(previous, { points });
          previous = { points };
        }
        expect(credited).toBe(outcomes.at(-1));
      }),
    );
  });
});
