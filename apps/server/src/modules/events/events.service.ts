import { EVENT_MAX_HOURS, EVENT_MESSAGES, UPCOMING_EVENTS_LIMIT, type EditEvent, type MemberEvent, type ScheduleEvent } from '@peakwise/contracts/events.contract';
import { HOLDOUT_MESSAGES } from '@peakwise/contracts/event-holdout.contract';
import { nextEventStatus, type EventAction } from '@peakwise/domain/event-status';
import { PROGRAM_MESSAGES } from '@peakwise/contracts/event-programs.contract';
import { eventFitProblem } from '@peakwise/domain/event-program';
import { AppError } from '../../lib/errors';
import { findProgramById, type StoredProgram } from './event-programs.repository';
import { cancelJobs, scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { announceToWebhooks } from '../webhooks/webhook-announce';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { drawEventHoldout } from './event-holdout.service';
import { isHeldOut } from './event-holdout.repository';
import { freezeEventBaselines } from './frozen-baselines.service';
import { checkStackingForMove, checkStackingForOptIn, stackingView } from './event-stacking.service';
import { moveAsksMore, noticeShortfall } from '@peakwise/domain/event-notice';
import {
  bumpEventRevision,
  countReach,
  findEvent,
  householdInEventArea,
  insertEvent,
  nextEventForHousehold,
  upcomingEventsForHousehold,
  participation,
  setEventStatus,
  setParticipation,
  updateEventTerms,
  type EventRow,
  type Participation,
} from './events.repository';
import { CORRECTION_WINDOW_DAYS } from '@peakwise/domain/reading-corrections';
import { HOUR_MS } from '@peakwise/domain/time-constants';

/** Settlement waits this long after the end for the last readings, then retries until the deadline. */
export const SETTLE_AFTER_MS = 15 * 60_000;
/** Past this, intervals still missing settle as insufficient data (decision 034). */
export const SETTLE_DEADLINE_MS = 24 * HOUR_MS;
/** A late reading within the correction window after the end can still change the result (decision 031). */
export const RESETTLE_AFTER_DAYS = [1, 3, CORRECTION_WINDOW_DAYS] as const;
export const REMINDER_BEFORE_MS = HOUR_MS;

export const EVENT_JOBS = {
  start: 'event.start',
  end: 'event.end',
  settle: 'event.settle',
  /** Tells every member of the area (decision 035), after opting in those who chose "every event" (decision 036). */
  announce: 'event.announce',
  remind: 'event.remind',
  /** Tells the members who were told that its window moved: an updated invitation (decision 084). */
  rescheduleNotice: 'event.reschedule-notice',
  /** Tells the members who were told that it is off. */
  cancelNotice: 'event.cancel-notice',
  /** Plug automation (decision 037): decide at the start, restore at the end, send what was decided, check the plugs did it. */
  plugsOff: 'event.plugs-off',
  plugsRestore: 'event.plugs-restore',
  plugsSend: 'event.plugs-send',
  plugsConfirm: 'event.plugs-confirm',
  /** Comfort (decision 109): heating and cooling plugs checked against their rooms every minute, and the switches sent. */
  comfortCheck: 'event.comfort-check',
  comfortSend: 'event.comfort-send',
  /** Freezes the opted-in households' baselines (decision 099): after the announcement, and again when the window moves. */
  freezeBaselines: 'event.freeze-baselines',
} as const;
export const jobKey = (eventId: string, what: string) => `event:${eventId}:${what}`;

function checkWindow(startsAt: Date, endsAt: Date, now: Date) {
  if (startsAt.getTime() <= now.getTime()) throw new AppError(400, 'start_in_past', EVENT_MESSAGES.startInPast);
  if (endsAt.getTime() <= startsAt.getTime()) throw new AppError(400, 'end_before_start', EVENT_MESSAGES.endBeforeStart);
  if (endsAt.getTime() - startsAt.getTime() > EVENT_MAX_HOURS * HOUR_MS) throw new AppError(400, 'event_too_long', EVENT_MESSAGES.tooLong);
}

/** Every timed step of an event, keyed so that scheduling again (an edit) moves them instead of adding more. */
async function scheduleEventJobs(tx: DbOrTx, eventId: string, startsAt: Date, endsAt: Date, now: Date, firstTime: boolean) {
  const remindAt = startsAt.getTime() - REMINDER_BEFORE_MS;
  // An event announced less than an hour ahead needs no reminder on top. An edit still moves (or
  // brings forward) the reminder, which then carries the new window to the members.
  if (remindAt > now.getTime() || !firstTime) {
    await scheduleJob(tx, { name: EVENT_JOBS.remind, key: jobKey(eventId, 'reminder'), runAt: new Date(Math.max(remindAt, now.getTime())), payload: { eventId } });
  }
  await scheduleJob(tx, { name: EVENT_JOBS.start, key: jobKey(eventId, 'start'), runAt: startsAt, payload: { eventId } });
  await scheduleJob(tx, { name: EVENT_JOBS.end, key: jobKey(eventId, 'end'), runAt: endsAt, payload: { eventId } });
  await scheduleJob(tx, { name: EVENT_JOBS.plugsOff, key: jobKey(eventId, 'plugs-off'), runAt: startsAt, payload: { eventId } });
  await scheduleJob(tx, { name: EVENT_JOBS.plugsRestore, key: jobKey(eventId, 'plugs-restore'), runAt: endsAt, payload: { eventId } });
  await scheduleJob(tx, { name: EVENT_JOBS.settle, key: jobKey(eventId, 'settle'), runAt: new Date(endsAt.getTime() + SETTLE_AFTER_MS), payload: { eventId } });
  for (const days of RESETTLE_AFTER_DAYS) {
    await scheduleJob(tx, { name: EVENT_JOBS.settle, key: jobKey(eventId, `resettle-${days}d`), runAt: new Date(endsAt.getTime() + days * 24 * HOUR_MS), payload: { eventId, resettle: true } });
  }
}

/** An event must fall in its program's season and one of its windows (decision 103). */
function checkFitsProgram(program: StoredProgram, startsAt: Date, endsAt: Date) {
  const problem = eventFitProblem(program, startsAt, endsAt);
  if (problem === 'outside_season') throw new AppError(400, 'outside_season', PROGRAM_MESSAGES.outsideSeason);
  if (problem === 'outside_windows') throw new AppError(400, 'outside_windows', PROGRAM_MESSAGES.outsideWindows);
}

/**
 * Who may schedule inside a program's notice (decision 113): nobody from the console. An OpenADR
 * VTN's event is the utility's call, timed by the utility's program; the demo places its own
 * events on its clock for visitors.
 */
export type NoticeWaiver = { noticeWaivedFor?: 'vtn' | 'demo' };

function checkNotice(program: StoredProgram, startsAt: Date, now: Date, waiver: NoticeWaiver) {
  if (waiver.noticeWaivedFor) return;
  const short = noticeShortfall(startsAt.getTime(), now.getTime(), program.noticeHours);
  if (short) throw new AppError(400, 'notice_too_short', EVENT_MESSAGES.noticeTooShort, { noticeHours: program.noticeHours, earliestStart: new Date(short.earliestStartMs).toISOString() });
}

export async function scheduleEvent(tx: DbOrTx, input: ScheduleEvent, operatorId: string, now: Date, waiver: NoticeWaiver = {}): Promise<string> {
  // Locked: a program paused or ended meanwhile takes no new event.
  const program = await findProgramById(tx, input.programId, true);
  if (!program) throw new AppError(404, 'unknown_program', EVENT_MESSAGES.unknownProgram);
  if (program.status !== 'active') throw new AppError(409, 'program_not_active', PROGRAM_MESSAGES.notActive);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  checkWindow(startsAt, endsAt, now);
  checkFitsProgram(program, startsAt, endsAt);
  checkNotice(program, startsAt, now, waiver);
  // The event copies the program's terms: a later edit of the program leaves it as announced.
  // The operator's share for this event, else the program's (decision 100).
  const holdoutPercent = input.holdoutPercent ?? program.holdoutPercent;
  const id = await insertEvent(tx, {
    programId: program.id,
    startsAt,
    endsAt,
    rewardPoints: input.rewardPoints ?? program.rewardPoints,
    targetPercent: input.targetPercent ?? program.targetPercent,
    pointsPerKwh: program.pointsPerKwh,
    baselineMethod: program.baselineMethod,
    holdoutPercent,
    createdBy: operatorId,
  });
  await scheduleEventJobs(tx, id, startsAt, endsAt, now, true);
  // Before anything is told: the announcement job, the webhooks and the "every event" opt-ins all
  // leave the held-out households out (decision 100).
  await drawEventHoldout(tx, { id, programId: program.id, startsAt, holdoutPercent }, now);
  // Members hear of it once this commits: the announcement is a job of its own, so a crash or
  // restart between scheduling and telling loses nobody. The same job opts in the households that
  // chose "every event" (decision 036).
  await scheduleJob(tx, { name: EVENT_JOBS.announce, key: jobKey(id, 'announce'), runAt: now, payload: { eventId: id } });
  await announceToWebhooks(tx, { type: 'event.scheduled', eventId: id }, now);
  return id;
}

async function eventToChange(tx: DbOrTx, id: string, now: Date): Promise<EventRow> {
  const event = await findEvent(tx, id, true);
  if (!event) throw new AppError(404, 'not_found', EVENT_MESSAGES.notFound);
  if (event.status !== 'scheduled' || event.startsAt.getTime() <= now.getTime()) throw new AppError(409, 'event_started', EVENT_MESSAGES.alreadyStarted);
  return event;
}

export async function editEvent(tx: DbOrTx, id: string, input: EditEvent, now: Date, waiver: NoticeWaiver = {}): Promise<void> {
  const event = await eventToChange(tx, id, now);
  const startsAt = input.startsAt ? new Date(input.startsAt) : event.startsAt;
  const endsAt = input.endsAt ? new Date(input.endsAt) : event.endsAt;
  checkWindow(startsAt, endsAt, now);
  const program = await findProgramById(tx, event.programId);
  const from = { startMs: event.startsAt.getTime(), endMs: event.endsAt.getTime() };
  const to = { startMs: startsAt.getTime(), endMs: endsAt.getTime() };
  if (program && (to.startMs !== from.startMs || to.endMs !== from.endMs)) checkFitsProgram(program, startsAt, endsAt);
  // A moved window is news to the members: it needs the notice a new event would, unless it asks less.
  if (program && moveAsksMore(from, to)) checkNotice(program, startsAt, now, waiver);
  // No home may be left in an exclusive program's event and another at the same time (decisions 108, 113).
  if (moveAsksMore(from, to)) await checkStackingForMove(tx, event, to);
  await updateEventTerms(tx, id, { startsAt, endsAt, rewardPoints: input.rewardPoints ?? event.rewardPoints, targetPercent: input.targetPercent ?? event.targetPercent }, now);
  await scheduleEventJobs(tx, id, startsAt, endsAt, now, false);
  // A moved window reaches everyone already told at once (an updated invitation with a higher
  // SEQUENCE), not only with the reminder an hour before: their calendars hold the old time.
  if (startsAt.getTime() !== event.startsAt.getTime() || endsAt.getTime() !== event.endsAt.getTime()) {
    const revision = await bumpEventRevision(tx, id);
    await scheduleJob(tx, { name: EVENT_JOBS.rescheduleNotice, key: jobKey(id, `reschedule-${revision}`), runAt: now, payload: { eventId: id, revision } });
    // The baselines frozen for the old window no longer apply (they are never read for the new one).
    await scheduleJob(tx, { name: EVENT_JOBS.freezeBaselines, key: jobKey(id, `freeze-${revision}`), runAt: now, payload: { eventId: id } });
  }
}

export async function cancelEvent(tx: DbOrTx, id: string, now: Date): Promise<void> {
  const event = await eventToChange(tx, id, now);
  await moveEvent(tx, event, 'cancel', now);
  // Waiting steps, the reminder and unsent notifications go; then the members who were told hear it is off.
  await cancelJobs(tx, `event:${id}:`, now);
  await scheduleJob(tx, { name: EVENT_JOBS.cancelNotice, key: jobKey(id, 'cancel-notice'), runAt: now, payload: { eventId: id } });
}

/** A status move the domain allows, or an error naming the one it refused. */
export async function moveEvent(tx: DbOrTx, event: EventRow, action: EventAction, now: Date): Promise<boolean> {
  const next = nextEventStatus(event.status, action);
  if (!next.ok) return false;
  await setEventStatus(tx, event.id, next.status, now);
  return true;
}

export async function previewReach(tx: DbOrTx, programId: string): Promise<number> {
  if (!(await findProgramById(tx, programId))) throw new AppError(404, 'unknown_program', EVENT_MESSAGES.unknownProgram);
  return countReach(tx, programId);
}

function memberView(event: EventRow, household: Household, { optedIn, automatic }: Participation, now: Date, heldOut = false): MemberEvent {
  return {
    id: event.id,
    programName: event.programName,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: household.timeZone,
    rewardPoints: event.rewardPoints,
    targetPercent: event.targetPercent,
    ...(event.pointsPerKwh > 0 ? { pointsPerKwh: event.pointsPerKwh } : {}),
    status: event.status,
    optedIn,
    canChange: !heldOut && event.status === 'scheduled' && event.startsAt.getTime() > now.getTime(),
    optedInAutomatically: optedIn && automatic,
    ...(heldOut ? { heldOut } : {}),
    ...(event.preheat ? { preheat: true } : {}),
    ...(event.programNameFr ? { programNameFr: event.programNameFr } : {}),
  };
}

export async function nextEvent(db: DbOrTx, household: Household, now: Date): Promise<MemberEvent | null> {
  const event = await nextEventForHousehold(db, household.id, now);
  return event ? memberView(event, household, event, now) : null;
}

/** What the Rewards screen lists: the events still ahead (or running), each with what it could earn. */
export async function upcomingEvents(db: DbOrTx, household: Household, now: Date): Promise<MemberEvent[]> {
  const events = await upcomingEventsForHousehold(db, household.id, now, UPCOMING_EVENTS_LIMIT);
  return events.map((event) => memberView(event, household, event, now));
}

/** An event of the member's area (anything else is "no such event", whether it exists or not). */
export async function memberEvent(db: DbOrTx, household: Household, eventId: string, now: Date): Promise<MemberEvent> {
  const event = await findEvent(db, eventId);
  if (!event || !(await householdInEventArea(db, eventId, household.id))) throw new AppError(404, 'not_found', EVENT_MESSAGES.notFound);
  const view = memberView(event, household, await participation(db, eventId, household.id), now, await isHeldOut(db, eventId, household.id));
  // Before opting in, the member sees what another event of theirs at the same time means for this one (decision 108).
  return view.heldOut || event.status === 'cancelled' ? view : { ...view, ...(await stackingView(db, household.id, eventId)) };
}

export async function setOptIn(tx: DbOrTx, household: Household, eventId: string, optedIn: boolean, now: Date): Promise<MemberEvent> {
  const event = await findEvent(tx, eventId, true);
  if (!event || !(await householdInEventArea(tx, eventId, household.id))) throw new AppError(404, 'not_found', EVENT_MESSAGES.notFound);
  if (event.status === 'cancelled') throw new AppError(409, 'event_cancelled', EVENT_MESSAGES.cancelled);
  if (event.status !== 'scheduled' || event.startsAt.getTime() <= now.getTime()) throw new AppError(409, 'opt_in_closed', EVENT_MESSAGES.optInClosed);
  if (await isHeldOut(tx, eventId, household.id)) throw new AppError(409, 'held_out', HOLDOUT_MESSAGES.heldOut);
  if (optedIn) await checkStackingForOptIn(tx, household.id, eventId);
  await setParticipation(tx, eventId, household.id, optedIn, now);
  // A later opt-in freezes its baseline now (decision 099); opting out keeps the row, so opting in
  // again cannot trade it for another.
  if (optedIn) await freezeEventBaselines(tx, event, now, { householdIds: [household.id] });
  return memberView(event, household, { optedIn, automatic: false }, now);
}
