import { computeBaseline } from '@peakwise/domain/event-baseline';
import { readingsByDay, slotOf } from '@peakwise/domain/event-intervals';
import { settleEvent } from '@peakwise/domain/event-settlement';
import { isHolidayProvince, provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import type { DbOrTx } from '../../db/client';
import { payEventPoints } from '../points/points.service';
import {
  bumpSettlementVersion,
  consumptionIntervals,
  findEvent,
  householdEventStarts,
  optedInHouseholds,
  pointsPaidForEvent,
  saveResult,
  type EventRow,
  type Participant,
} from './events.repository';
import { moveEvent, SETTLE_DEADLINE_MS } from './events.service';
import { DAY_MS } from '@peakwise/domain/time-constants';

/** The baseline looks back at most 60 days (weekend events); one more covers the zone offset. */
const HISTORY_DAYS = 61;
const RETRY_MS = 3_600_000;

export type SettlementRun = { settled: number; pending: number; retryAt: Date | null };

/**
 * Settles every opted-in household of an ended event from its stored readings (decision 034).
 * A household whose event intervals are not all in yet waits, until the deadline, after which
 * it settles as insufficient data. Runs inside the caller's transaction with the event row
 * locked, so two runs never interleave; running it again recomputes the same outcome and pays
 * only what was not paid before. Points are never taken back: a re-run that finds fewer leaves
 * the member what they were given.
 */
export async function settleEndedEvent(tx: DbOrTx, eventId: string, now: Date): Promise<SettlementRun> {
  const event = await findEvent(tx, eventId, true);
  if (!event || event.status === 'cancelled') return { settled: 0, pending: 0, retryAt: null };
  if (now.getTime() < event.endsAt.getTime()) return { settled: 0, pending: 0, retryAt: event.endsAt };
  // The start or end job may not have run yet (a restart after the event): catch up first.
  if (event.status === 'scheduled') await moveEvent(tx, event, 'start', now);
  if (event.status === 'scheduled' || event.status === 'active') await moveEvent(tx, { ...event, status: 'active' }, 'end', now);

  const pastDeadline = now.getTime() >= event.endsAt.getTime() + SETTLE_DEADLINE_MS;
  const version = await bumpSettlementVersion(tx, eventId);
  let settled = 0;
  let pending = 0;
  for (const household of await optedInHouseholds(tx, eventId)) {
    if (await settleHousehold(tx, event, household, version, pastDeadline, now)) settled += 1;
    else pending += 1;
  }
  if (pending > 0) return { settled, pending, retryAt: new Date(now.getTime() + RETRY_MS) };
  await moveEvent(tx, { ...event, status: 'ended' }, 'settle', now);
  return { settled, pending, retryAt: null };
}

/** False when the household's data is incomplete and the deadline has not passed. */
async function settleHousehold(tx: DbOrTx, event: EventRow, household: Participant, version: number, pastDeadline: boolean, now: Date): Promise<boolean> {
  const { timeZone } = household;
  const intervals = await consumptionIntervals(tx, household.householdId, new Date(event.startsAt.getTime() - HISTORY_DAYS * DAY_MS), event.endsAt);
  const readings = readingsByDay(intervals, timeZone);
  const eventDate = slotOf(event.startsAt, timeZone).date;
  const year = Number(eventDate.slice(0, 4));
  const holidays = isHolidayProvince(household.province) ? provincialHolidayDates(household.province, year - 1, year) : [];
  const eventDates = (await householdEventStarts(tx, household.householdId, event.id)).map((start) => slotOf(start, timeZone).date);
  const baseline = computeBaseline({ eventStart: event.startsAt, eventEnd: event.endsAt, timeZone, readings, eventDates, holidays });
  const outcome = settleEvent(baseline, readings.get(eventDate), { targetPercent: event.targetPercent, rewardPoints: event.rewardPoints });
  if (outcome.status === 'insufficient_data' && !pastDeadline) return false;

  await saveResult(
    tx,
    event.id,
    household.householdId,
    version,
    {
      outcome: outcome.status,
      points: outcome.points,
      baselineKwh: outcome.status === 'no_baseline' ? null : outcome.baselineKwh,
      actualKwh: outcome.status === 'no_baseline' ? null : outcome.actualKwh,
      reductionKwh: outcome.status === 'settled' ? outcome.reductionKwh : null,
      detail: {
        reason: outcome.reason,
        baselineDays: outcome.baselineDays,
        dayKind: outcome.dayKind,
        adjustmentFactor: outcome.adjustmentFactor,
        adjustmentStatus: outcome.adjustmentStatus,
        reductionPercent: outcome.reductionPercent,
        targetMet: outcome.targetMet,
        intervals: outcome.intervals,
        missingSlots: outcome.missingSlots,
      },
    },
    now,
  );
  const paid = await pointsPaidForEvent(tx, event.id, household.householdId);
  if (outcome.points > paid) {
    // Keyed on the total this payment brings the household to: a re-run that reaches the same
    // total finds the key taken and pays nothing.
    await payEventPoints(tx, household.householdId, outcome.points - paid, `event:${event.id}:household:${household.householdId}:to:${outcome.points}`, paid === 0 ? 'event_reward' : 'event_adjustment', {
      eventId: event.id,
      settlementVersion: version,
    });
  }
  return true;
}
