import type { Proof } from '@peakwise/contracts/events.contract';
import { EMPTY_SEASON, HELD_UNTIL_PROVEN, proofStep, seasonZ, type ProofEventInput, type SeasonSums } from '@peakwise/domain/event-points-proof';
import { seasonEndsOn, seasonFinalOn, seasonHasEnded, seasonIsFinal } from '@peakwise/domain/event-season';
import { localDateOf } from '@peakwise/domain/local-time';
import type { DbOrTx } from '../../db/client';
import type { EventPayment } from '../points/points.service';
import { heldPointsBySeason, lockResults, releaseHeld, seasonOf, seasonsBefore, type PreviousProof, type StoredProof } from './event-proof.repository';
import { pointsPaidByHousehold, type ResultRow } from './event-settlement.repository';

/**
 * Points held until proven, as settlement pays them (decision 140, the rule of decision 139 with σ
 * on the baseline's quantity). After today's target rule (and stacking, and the kWh points) a
 * result's points are paid at once when its saving clears z σ, else held: kept on the result,
 * nothing in the ledger. After each household's settlement its season's test (Σ saving ÷ √Σ σ²
 * over its settled results of the season with a baseline) may prove its cuts: every held result of
 * the season is then released, one `event_release` transfer each, in the settlement's transaction.
 * Once the season's held points are final (`seasonIsFinal`, a grace after its end in which its last
 * events are still re-settled) the test still runs but releases nothing: what the member was shown
 * lapsed stays lapsed.
 */

/** One household's new result of the event, before its points are paid. */
export type ProofCandidate = {
  row: ResultRow;
  /** The figures the rule reads; null when the result is not settled (no baseline, or intervals missing). */
  input: ProofEventInput | null;
  /** The season of the event's date on the household's clock. */
  season: string;
  /** The household's time zone: whether its season's held points are final is judged on its clock, as the member is shown. */
  timeZone: string;
};

export type ProofDecision = { proof?: StoredProof; payment?: EventPayment; proven: boolean };

/** A release's ledger key: under the event the points were held for, and the points it brings. */
const releaseKey = (eventId: string, householdId: string, points: number) => `event:${eventId}:household:${householdId}:released:${points}`;

/**
 * How one household's result is paid (pure). `paid` is what the ledger already holds for this event
 * and household, `previous` how an earlier run of the settlement left the result. Points are never
 * taken back: a result with anything paid stays paid (at once, or released) and a rise is adjusted
 * as before decision 140. Keys are today's (`to:<points>`) for payments at once and adjustments,
 * and `released:<points>` for a release, so a re-run that reaches the same figures posts nothing.
 * `final`: the season's held points are final (see seasonIsFinal); nothing held is paid any more.
 */
export function proofDecision(
  eventId: string,
  version: number,
  candidate: ProofCandidate,
  before: SeasonSums,
  paid: number,
  previous: PreviousProof | undefined,
  now: Date,
  final: boolean,
): ProofDecision {
  const { row, input, season } = candidate;
  const { householdId } = row;
  if (!input) return { proven: false };
  const step = proofStep(before, input, HELD_UNTIL_PROVEN);
  // No baseline to test against: nothing earned, nothing counted.
  if (!step.counted) return { proven: false };
  // Past the final day the member is shown the season's held points lapsed: a test passed now releases none.
  const proven = step.proven && !final;
  const figures = { season, savingKwh: step.savingKwh, sigmaKwh: step.sigmaKwh, atOnceKwh: step.atOnceKwh };
  const points = row.points;
  // Keyed on the total the payment brings the household to, as before decision 140.
  const toKey = `event:${eventId}:household:${householdId}:to:${points}`;
  if (paid > 0) {
    const released = previous?.status === 'released';
    const proof: StoredProof = { ...figures, status: released ? 'released' : 'paid_at_once', releasedAt: released ? previous.releasedAt : null, releasedByEventId: released ? previous.releasedByEventId : null };
    // Keyed on the total this payment brings the household to: a re-run that reaches the same total finds the key taken.
    const payment: EventPayment | undefined =
      points > paid ? { householdId, points: points - paid, key: toKey, kind: 'event_adjustment', detail: { eventId, settlementVersion: version } } : undefined;
    return { proof, ...(payment ? { payment } : {}), proven };
  }
  if (step.status === 'none') return { proof: { ...figures, status: null, releasedAt: null, releasedByEventId: null }, proven };
  // A result held before the final day has been shown lapsed since: corrected figures do not pay it at once either.
  const lapsed = final && previous?.status === 'held';
  if (step.status === 'paid_at_once' && !lapsed) {
    return {
      proof: { ...figures, status: 'paid_at_once', releasedAt: null, releasedByEventId: null },
      payment: { householdId, points, key: toKey, kind: 'event_reward', detail: { eventId, settlementVersion: version } },
      proven,
    };
  }
  if (!proven) return { proof: { ...figures, status: 'held', releasedAt: null, releasedByEventId: null }, proven: false };
  // Held, and its own settlement proved the season: released at once, by itself.
  return {
    proof: { ...figures, status: 'released', releasedAt: now.toISOString(), releasedByEventId: eventId },
    payment: { householdId, points, key: releaseKey(eventId, householdId, points), kind: 'event_release', detail: { eventId, releasedByEventId: eventId } },
    proven: true,
  };
}

/**
 * A batch's results with how each is paid, and the payments, in three statements: this event's
 * results locked (see lockResults), what the ledger holds for them, and each household's season
 * before this event. Run inside the settlement's transaction, before its results are written.
 * `finalityAt`: the instant at which whether a season's held points are final is judged (the
 * settlement's choice: when it was due for a first settlement, now for a re-settlement).
 */
export async function decideBatch(
  tx: DbOrTx,
  eventId: string,
  version: number,
  candidates: readonly ProofCandidate[],
  now: Date,
  finalityAt: Date,
): Promise<{ results: ResultRow[]; payments: EventPayment[]; proven: { householdId: string; season: string }[] }> {
  const householdIds = candidates.map((c) => c.row.householdId);
  const previous = await lockResults(tx, eventId, householdIds);
  // Read after the locks: a release another settlement committed meanwhile is in it.
  const paid = await pointsPaidByHousehold(tx, eventId, householdIds);
  const tested = candidates.filter((c) => c.input !== null);
  const seasons = await seasonsBefore(tx, eventId, tested.map((c) => ({ householdId: c.row.householdId, season: c.season })));
  const results: ResultRow[] = [];
  const payments: EventPayment[] = [];
  const proven: { householdId: string; season: string }[] = [];
  for (const candidate of candidates) {
    const { householdId } = candidate.row;
    const final = seasonIsFinal(candidate.season, localDateOf(finalityAt, candidate.timeZone));
    const decision = proofDecision(eventId, version, candidate, seasons.get(householdId) ?? EMPTY_SEASON, paid.get(householdId) ?? 0, previous.get(householdId), now, final);
    results.push(decision.proof ? { ...candidate.row, proof: decision.proof } : candidate.row);
    if (decision.payment) payments.push(decision.payment);
    if (decision.proven) proven.push({ householdId, season: candidate.season });
  }
  return { results, payments, proven };
}

/**
 * The held results of other events in the seasons this batch proved, released: one transfer each,
 * under the event it was held for. Run after this event's results are written, in the same transaction.
 */
export async function releaseProven(tx: DbOrTx, eventId: string, proven: readonly { householdId: string; season: string }[], now: Date): Promise<EventPayment[]> {
  const released = await releaseHeld(tx, eventId, proven, now);
  return released.map((r) => ({
    householdId: r.householdId,
    points: r.points,
    key: releaseKey(r.eventId, r.householdId, r.points),
    kind: 'event_release',
    detail: { eventId: r.eventId, releasedByEventId: eventId },
    eventId: r.eventId,
  }));
}

/**
 * The season test's figure as the member is shown it. JSON has no infinity: a season whose σ is 0
 * (identical days) is proven by any saving, shown at the boundary, and by none, shown at 0.
 */
function shownZ(sums: SeasonSums): number {
  const z = seasonZ(sums);
  return Number.isFinite(z) ? z : HELD_UNTIL_PROVEN.boundaryZ;
}

/**
 * How a member's result is paid, with its season's test as it stands now (decision 140). Held points
 * whose season's final day has come on the household's clock are shown lapsed: nothing is posted for
 * them, and settlement releases nothing of the season from that day. Between the season's end and
 * that day they are still held (a re-settled last event can still prove the season). Undefined for a
 * result that earns nothing, or settled before the rule or without a baseline.
 */
export async function resultProof(
  db: DbOrTx,
  result: { eventId: string; points: number; proof: StoredProof | undefined } | undefined,
  household: { id: string; timeZone: string },
  now: Date,
): Promise<Proof | undefined> {
  const stored = result?.proof;
  if (!result || !stored?.status) return undefined;
  const season = await seasonOf(db, household.id, stored.season);
  const today = localDateOf(now, household.timeZone);
  const final = seasonIsFinal(stored.season, today);
  // A paid result settled again for fewer points keeps what it was paid (proofDecision): the member is told so.
  const paid = stored.status === 'held' ? 0 : ((await pointsPaidByHousehold(db, result.eventId, [household.id])).get(household.id) ?? 0);
  return {
    status: stored.status === 'held' && final ? 'lapsed' : stored.status,
    savingKwh: stored.savingKwh,
    sigmaKwh: stored.sigmaKwh,
    atOnceKwh: stored.atOnceKwh,
    releasedAt: stored.releasedAt,
    releasedByEventId: stored.releasedByEventId,
    ...(paid > result.points ? { keptPoints: paid } : {}),
    season: {
      id: stored.season,
      endsOn: seasonEndsOn(stored.season),
      ended: seasonHasEnded(stored.season, today),
      finalOn: seasonFinalOn(stored.season),
      events: season.events,
      savedKwh: season.savedKwh,
      sigmaKwh: Math.sqrt(season.varianceKwh2),
      z: shownZ(season),
      boundaryZ: HELD_UNTIL_PROVEN.boundaryZ,
      heldPoints: final ? 0 : season.heldPoints,
    },
  };
}

/** Points of the household's held results whose season's held points are not final yet: not in the balance, not spendable. */
export async function heldPoints(db: DbOrTx, household: { id: string; timeZone: string }, now: Date): Promise<number> {
  const today = localDateOf(now, household.timeZone);
  return (await heldPointsBySeason(db, household.id)).reduce((sum, { season, points }) => (seasonIsFinal(season, today) ? sum : sum + points), 0);
}
