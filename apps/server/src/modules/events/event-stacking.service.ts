import { STACKING_CONFLICT_CODE, STACKING_MESSAGES, type PayShare, type StackingConflictView } from '@peakwise/contracts/event-stacking.contract';
import { eventShare, eventsOverlap, paySegments, stackingConflict, type StackingEvent } from '@peakwise/domain/event-stacking';
import { scoreOwnIntervals, type StackedSettlement } from '@peakwise/domain/event-stacked-points';
import type { Settlement } from '@peakwise/domain/event-settlement';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  householdEventsNear,
  lockHouseholdForOptIn,
  lockParticipantsForMove,
  overlappingEventsByHousehold,
  paidIntervalsOf,
  stackingEvent,
  type StackedEvent,
} from './event-stacking.repository';
import { EVENT_MESSAGES } from '@peakwise/contracts/events.contract';

/** More than one program (decision 108): exclusivity at the opt-in, and one kWh paid once at settlement. */

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Refuses (409, nothing written) an opt-in that would put the home in an exclusive program's event
 * beside another program's at the same time. The household's row is locked first, so a second
 * opt-in of the same home waits for this one and then sees it.
 */
export async function checkStackingForOptIn(tx: DbOrTx, householdId: string, eventId: string): Promise<void> {
  await lockHouseholdForOptIn(tx, householdId);
  const event = await stackingEvent(tx, eventId);
  if (!event) return;
  const joined = await householdEventsNear(tx, householdId, event);
  const conflict = stackingConflict(event, joined);
  if (!conflict) return;
  const other = joined.find((e) => e.id === conflict.eventId)!;
  const message = conflict.reason === 'this_program_exclusive' ? STACKING_MESSAGES.thisProgramExclusive : STACKING_MESSAGES.otherProgramExclusive;
  throw new AppError(409, STACKING_CONFLICT_CODE, message, conflictView(conflict.reason, other));
}

/**
 * Refuses (409 `exclusive_clash`, nothing written) a move that would put one of the event's homes
 * in it and in an exclusive program's event at the same time (decision 113): the homes chose
 * both events as they were, so neither is taken from them silently. The homes' rows are locked
 * first, as an opt-in locks its home's, so an opt-in to the other event waits for the move and
 * then sees the new window. `event`: the row the caller has already read and locked, as it stands
 * before the move.
 */
export async function checkStackingForMove(tx: DbOrTx, event: Omit<StackingEvent, 'startMs' | 'endMs'>, to: { startMs: number; endMs: number }): Promise<void> {
  await lockParticipantsForMove(tx, event.id);
  const moved: StackingEvent = { id: event.id, programId: event.programId, pointsPerKwh: event.pointsPerKwh, rewardPoints: event.rewardPoints, stacks: event.stacks, ...to };
  const overlapping = await overlappingEventsByHousehold(tx, moved);
  let households = 0;
  const events = new Set<string>();
  for (const others of overlapping.values()) {
    const conflict = stackingConflict(moved, others);
    if (!conflict) continue;
    households += 1;
    events.add(conflict.eventId);
  }
  if (households > 0) throw new AppError(409, 'exclusive_clash', EVENT_MESSAGES.exclusiveClash, { households, eventIds: [...events].sort() });
}

function conflictView(reason: StackingConflictView['reason'], other: StackedEvent): StackingConflictView {
  return { reason, eventId: other.id, programName: other.programName, startsAt: iso(other.startMs), endsAt: iso(other.endMs) };
}

/**
 * What the event page says before opting in: the event that would keep the home out of this one,
 * or, when the home takes part in another event at the same time, who pays which stretch (as if
 * the home opted in to this one). Nothing when no other event of the home reaches its window.
 */
export async function stackingView(db: DbOrTx, householdId: string, eventId: string): Promise<{ payShares?: PayShare[]; stackingConflict?: StackingConflictView }> {
  const event = await stackingEvent(db, eventId);
  if (!event) return {};
  const joined = (await householdEventsNear(db, householdId, event)).filter((o) => eventsOverlap(event, o));
  if (joined.length === 0) return {};
  const conflict = stackingConflict(event, joined);
  if (conflict) return { stackingConflict: conflictView(conflict.reason, joined.find((e) => e.id === conflict.eventId)!) };
  const byId = new Map([event, ...joined].map((e) => [e.id, e]));
  return {
    payShares: paySegments(event, joined).map((s) => ({
      startsAt: iso(s.startMs),
      endsAt: iso(s.endMs),
      eventId: s.payerId,
      programName: byId.get(s.payerId)!.programName,
      thisEvent: s.payerId === event.id,
    })),
  };
}

/**
 * The instants of the event's intervals that another event of the household pays: what its
 * settlement will leave out, so the live scorecard leaves them out too. `others` are the home's
 * events near this one (householdEventsNear), which the caller reads with its other reads; none
 * for a home in no other event at the same time, then nothing more is read. The event's own row
 * (`stackingEvent`) is the same for all its homes, so the caller reads it once per event.
 */
export async function householdCededIntervals(db: DbOrTx, householdId: string, event: StackedEvent | null, others: readonly StackedEvent[]): Promise<Set<number>> {
  if (!event || others.length === 0) return new Set();
  const claimed = await paidIntervalsOf(db, others.map((o) => o.id), householdId);
  return eventShare(event, others, claimed.get(householdId)).ceded;
}

/** What a settlement run needs to score each household on the intervals its event pays. */
export type StackingContext = {
  event: StackedEvent;
  overlapping: Map<string, StackedEvent[]>;
  paid: Map<string, Map<number, string>>;
};

/** Two statements per event, whatever the number of households: their overlapping events, and what those recorded as paid. */
export async function stackingContext(tx: DbOrTx, eventId: string): Promise<StackingContext | null> {
  const event = await stackingEvent(tx, eventId);
  if (!event) return null;
  const overlapping = await overlappingEventsByHousehold(tx, event);
  const otherIds = [...new Set([...overlapping.values()].flat().map((e) => e.id))];
  return { event, overlapping, paid: await paidIntervalsOf(tx, otherIds) };
}

/**
 * One household's outcome scored on the intervals its event pays, and the shared intervals it
 * pays (to record). A household in no other event at the same time keeps its outcome.
 */
export function stackOutcome(context: StackingContext | null, householdId: string, outcome: Settlement): { outcome: StackedSettlement; sharedPaid: number[] } {
  const others = context?.overlapping.get(householdId);
  if (!context || !others) return { outcome, sharedPaid: [] };
  const share = eventShare(context.event, others, context.paid.get(householdId));
  const scored = scoreOwnIntervals(outcome, context.event.startMs, share.ceded);
  // Only a settled outcome pays its shared intervals; one still waiting for readings records nothing yet.
  return { outcome: scored, sharedPaid: outcome.status === 'settled' ? share.sharedPaid : [] };
}
