import { EMPTY_SEASON } from '@peakwise/domain/event-points-proof';
import { describe, expect, it } from 'vitest';
import type { ResultRow } from './event-settlement.repository';
import { proofDecision, type ProofCandidate } from './event-proof.service';

/**
 * A result paid before a rule that pays it less, settled again under that rule: the correction window's
 * re-settlement of an event paid under decision 147 and re-run under 148's least cut, where a whole cut
 * of 0.048 kWh over an hour earned 200 points and now earns none. Points are never taken back.
 */
describe('a paid result whose re-settlement earns less (decision 148 after 147)', () => {
  const at = new Date('2026-12-02T23:20:00Z');
  // Only the household and the new points are read of the row.
  const row = { householdId: 'home', points: 0 } as unknown as ResultRow;
  const candidate: ProofCandidate = {
    row,
    input: { baselineKwh: 0.048, actualKwh: 0, noiseKwh: 0.004, noiseDays: 10, targetPoints: 0 },
    season: '2026-winter',
    timeZone: 'America/Toronto',
  };

  it('stays paid at once and posts nothing, though the new figures earn 0', () => {
    const decision = proofDecision('event', 2, candidate, EMPTY_SEASON, 200, { status: 'paid_at_once', releasedAt: null, releasedByEventId: null }, at, false);
    expect(decision.proof).toMatchObject({ status: 'paid_at_once', releasedAt: null, releasedByEventId: null, savingKwh: 0.048 });
    expect(decision.payment).toBeUndefined();
  });

  it('stays released by the event that released it, and posts nothing', () => {
    const previous = { status: 'released' as const, releasedAt: '2026-12-01T23:20:00.000Z', releasedByEventId: 'later' };
    const decision = proofDecision('event', 2, candidate, EMPTY_SEASON, 200, previous, at, false);
    expect(decision.proof).toMatchObject(previous);
    expect(decision.payment).toBeUndefined();
  });

  it('held and never paid, it earns nothing now and is held no more', () => {
    const decision = proofDecision('event', 2, candidate, EMPTY_SEASON, 0, { status: 'held', releasedAt: null, releasedByEventId: null }, at, false);
    expect(decision.proof).toMatchObject({ status: null });
    expect(decision.payment).toBeUndefined();
  });
});
