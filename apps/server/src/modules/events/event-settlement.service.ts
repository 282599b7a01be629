import { eventDayReadings } from '@peakwise/domain/event-intervals';
import { settleEvent, type Settlement } from '@peakwise/domain/event-settlement';
import type { DbOrTx } from '../../db/client';
import { lockEventIssuance, payEventPointsInBulk } from '../points/points.service';
import type { HouseholdBaseline } from './event-baselines.service';
import { otherEventStartsByHousehold, saveResults, type ResultRow } from './event-settlement.repository';
import { decideBatch, releaseProven, type ProofCandidate } from './event-proof.service';
import { eventSeason } from '@peakwise/domain/event-season';
import { bumpSettlementVersion, findEvent, optedInHouseholds, type EventRow } from './events.repository';
import { moveEvent, SETTLE_AFTER_MS, SETTLE_DEADLINE_MS } from './events.service';
import { freezeEventBaselines, settlementBaselines } from './frozen-baselines.service';
import { announceToWebhooks } from '../webhooks/webhook-announce';
import { recordPaidIntervals } from './event-stacking.repository';
import { solarParticipants } from './event-baseline-group.repository';
import { stackingContext, stackOutcome } from './event-stacking.service';
import { storeEventTotals } from './event-totals.repository';
import { paidIntervalsNoiseKwh, type StackedSettlement } from '@peakwise/domain/event-stacked-points';
import { withKwhPoints, type KwhPoints } from '@peakwise/domain/event-kwh-points';
import { timeSlices } from '../../lib/time-slices';
import type { Baseline } from '@peakwise/domain/event-baseline';

const RETRY_MS = 3_600_000;
/** Households per read and write: a batch's readings and results stay a few megabytes. */
export const SETTLEMENT_BATCH = 2_000;

export type SettlementRun = { settled: number; pending: number; retryAt: Date | null };

/**
 * Settles every opted-in household of an ended event from its stored readings (decision 034),
 * set-based (decision 038): a bounded number of statements per batch of households, whatever
 * their number, each household computed by the domain's `computeBaseline` and `settleEvent`.
 * A household whose event intervals are not all in yet waits, until the deadline, after which
 * it settles as insufficient data. Runs inside the caller's transaction with the event row
 * locked, so two runs never interleave; running it again recomputes the same outcome and pays
 * only what was not paid before. Points are never taken back: a re-run that finds fewer leaves
 * the member what they were given. Points are paid at once, held or released by the member's
 * season test (decision 140, event-proof.service.ts).
 *
 * Settlements of different events run one at a time: each takes the event issuance account's lock
 * first, before its event's row. A settlement that pays keeps that lock from its first payment to
 * its commit anyway; taken after other locks, it closed cycles with them. Settlement A could hold
 * this event's results, wait to release a held result of event B that B's settlement had locked,
 * while B waited for A's (decision 140's Since); or A, holding the account, post a release for B's
 * event, whose foreign key waits on B's row, which B locked before waiting for the account.
 */
export async function settleEndedEvent(tx: DbOrTx, eventId: string, now: Date, options: { batchSize?: number } = {}): Promise<SettlementRun> {
  await lockEventIssuance(tx);
  const event = await findEvent(tx, eventId, true);
  if (!event || event.status === 'cancelled') return { settled: 0, pending: 0, retryAt: null };
  if (now.getTime() < event.endsAt.getTime()) return { settled: 0, pending: 0, retryAt: event.endsAt };
  // The start or end job may not have run yet (a restart after the event): catch up first.
  if (event.status === 'scheduled') {
    // As the start job does: the homes that lacked history are frozen once more, then fixed (decision 099).
    await freezeEventBaselines(tx, event, now);
    await moveEvent(tx, event, 'start', now);
  }
  if (event.status === 'scheduled' || event.status === 'active') await moveEvent(tx, { ...event, status: 'active' }, 'end', now);

  const pastDeadline = now.getTime() >= event.endsAt.getTime() + SETTLE_DEADLINE_MS;
  const version = await bumpSettlementVersion(tx, eventId);
  // Whether a season's held points are final is judged, for an event's first settlement, as of when
  // it was due, however late its job ran (a server that was down, or the demo's back-filled events
  // settled when the demo starts): a season is not cut short by our delay. A re-settlement (late
  // readings) is judged as of now, so a result shown lapsed stays lapsed (decision 140, "Since").
  const finalityAt = version === 1 ? new Date(Math.min(now.getTime(), event.endsAt.getTime() + SETTLE_AFTER_MS)) : now;
  const participants = await optedInHouseholds(tx, eventId);
  const otherStarts = await otherEventStartsByHousehold(tx, eventId);
  // Homes in another event at the same time are scored on the intervals this event pays (decision 108).
  const stacking = await stackingContext(tx, eventId);
  // A solar home's figures are what it drew from the grid, not its whole use: its result says so (decision 112).
  const solar = await solarParticipants(tx, eventId);
  let settled = 0;
  let pending = 0;
  // A batch's writes are sent without waiting for them: the database stores batch n while Node
  // computes batch n + 1 (one connection, so statements still run in the order they were sent).
  let writing: Promise<void> = Promise.resolve();
  // The events whose held points this run released: their figures change with this event's.
  const releasedFrom = new Set<string>();
  // Against the baseline each household was shown before the event (decision 099), with the same-day
  // adjustment from the event day's readings.
  const slice = timeSlices();
  for await (const batch of settlementBaselines(tx, { ...event, status: 'ended' }, participants, otherStarts, options.batchSize ?? SETTLEMENT_BATCH, slice)) {
    const candidates: ProofCandidate[] = [];
    const sharedPaid: { householdId: string; startMs: number }[] = [];
    for (const computed of batch) {
      // The previous batch's writes and the next one's reads go on between slices of this loop.
      await slice();
      const { household, eventDate, noiseKwh, baseline } = computed;
      const stacked = stackOutcome(stacking, household.householdId, settle(event, computed));
      // Per kWh after the curve and after stacking, over the intervals this event pays (decision 113).
      const outcome = withKwhPoints(stacked.outcome, event.pointsPerKwh);
      if (outcome.status === 'insufficient_data' && !pastDeadline) {
        pending += 1;
        continue;
      }
      settled += 1;
      candidates.push({
        row: resultRow(household.householdId, outcome, solar.has(household.householdId), baseline),
        // The saving and σ the held-until-proven rule tests (decision 140): σ of the baseline's days,
        // read from as many days as the baseline averages (decision 141), over the intervals this
        // event pays when it cedes some to another (decision 143).
        input:
          outcome.status === 'settled'
            ? { baselineKwh: outcome.baselineKwh, actualKwh: outcome.actualKwh, noiseKwh: paidIntervalsNoiseKwh(noiseKwh ?? null, outcome), noiseDays: baseline.days.length, targetPoints: outcome.points }
            : null,
        season: eventSeason(eventDate),
        timeZone: household.timeZone,
      });
      for (const startMs of stacked.sharedPaid) sharedPaid.push({ householdId: household.householdId, startMs });
    }
    const previous = writing;
    writing = (async () => {
      await previous;
      // How each result is paid needs what the ledger and the season hold: read in the write's turn.
      const { results, payments, proven } = await decideBatch(tx, event.id, version, candidates, now, finalityAt);
      await saveResults(tx, event.id, version, results, now);
      // Before the payments: a shared interval another event recorded fails the run here, so it is not paid twice.
      await recordPaidIntervals(tx, event.id, sharedPaid, now);
      const released = await releaseProven(tx, event.id, proven, now);
      for (const r of released) if (r.eventId) releasedFrom.add(r.eventId);
      await payEventPointsInBulk(tx, event.id, [...payments, ...released]);
    })();
    // Awaited after the loop; a failure there fails the run, not the process.
    writing.catch(() => {});
  }
  await writing;
  await storeEventTotals(tx, [eventId, ...releasedFrom]);
  if (pending > 0) return { settled, pending, retryAt: new Date(now.getTime() + RETRY_MS) };
  // The first settlement is the result members' webhooks hear of (decision 060); a later re-run
  // that corrects it shows on the screens, not as a second message.
  if (await moveEvent(tx, { ...event, status: 'ended' }, 'settle', now)) await announceToWebhooks(tx, { type: 'event.result', eventId }, now);
  return { settled, pending, retryAt: null };
}

function settle(event: EventRow, { baseline, readings, eventDate }: HouseholdBaseline): Settlement {
  // Past midnight, the event's later slots are the next calendar day's readings.
  return settleEvent(baseline, eventDayReadings(readings, eventDate), { targetPercent: event.targetPercent, rewardPoints: event.rewardPoints });
}

function resultRow(householdId: string, outcome: StackedSettlement & KwhPoints, fromGrid: boolean, baseline: Baseline): ResultRow {
  // What a gross-load (decision 138) or sun-matched (147) baseline was made of, for its explanation.
  const grossLoad = baseline.ok ? baseline.adjustment.gross : undefined;
  const sunMatched = baseline.ok ? baseline.adjustment.sun : undefined;
  const fromEventDay = baseline.ok && baseline.fromEventDay === true;
  return {
    householdId,
    outcome: outcome.status,
    points: outcome.points,
    baselineKwh: outcome.status === 'no_baseline' ? null : outcome.baselineKwh,
    actualKwh: outcome.status === 'no_baseline' ? null : outcome.actualKwh,
    reductionKwh: outcome.status === 'settled' ? outcome.reductionKwh : null,
    detail: {
      reason: outcome.reason,
      baselineDays: outcome.baselineDays,
      dayKind: outcome.dayKind,
      adjustmentMethod: outcome.adjustmentMethod,
      // Which window the adjustment read (decision 138), so the result says the right one.
      ...(outcome.adjustmentWindowGapMinutes !== null ? { adjustmentWindowGapMinutes: outcome.adjustmentWindowGapMinutes } : {}),
      adjustmentPeers: outcome.adjustmentPeers,
      adjustmentFactor: outcome.adjustmentFactor,
      // Kept so the member's result can say how far the same-day ratio was from the clamp.
      adjustmentUnclamped: outcome.adjustmentUnclamped,
      adjustmentStatus: outcome.adjustmentStatus,
      reductionPercent: outcome.reductionPercent,
      targetMet: outcome.targetMet,
      // The least cut it was held to (decision 148), so the result can say why a cut this small paid nothing.
      ...(outcome.status !== 'no_baseline' ? { minimumCutKwh: outcome.minimumCutKwh } : {}),
      intervals: outcome.intervals,
      missingSlots: outcome.missingSlots,
      // The slots another event of the home paid; the totals and points are over the rest (decision 108).
      ...(outcome.cededSlots?.length ? { cededSlots: outcome.cededSlots } : {}),
      ...(fromGrid ? { fromGrid } : {}),
      ...(grossLoad && outcome.status !== 'no_baseline' ? { grossLoad } : {}),
      ...(sunMatched && outcome.status !== 'no_baseline' ? { sunMatched } : {}),
      // A member with no past day, its window's use moved by its group (decision 144): the result says so.
      ...(fromEventDay && outcome.status !== 'no_baseline' ? { baselineFromEventDay: true } : {}),
      // `points` includes them; kept apart so the result page can say what the kWh beyond the target paid.
      ...(outcome.pointsPerKwh > 0 ? { pointsPerKwh: outcome.pointsPerKwh, kwhBeyondTarget: outcome.kwhBeyondTarget, kwhPoints: outcome.kwhPoints } : {}),
    },
  };
}
