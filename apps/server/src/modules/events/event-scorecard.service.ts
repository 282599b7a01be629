import { EVENT_MESSAGES, type LiveScorecard } from '@peakwise/contracts/events.contract';
import type { Baseline } from '@peakwise/domain/event-baseline';
import { eventDayReadings, readingsByDay } from '@peakwise/domain/event-intervals';
import { eventDateOf } from '@peakwise/domain/event-reading-plan';
import { elapsedIntervals, eventScorecard } from '@peakwise/domain/event-scorecard';
import { cededSlotsOf } from '@peakwise/domain/event-stacked-points';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Household } from '../households/household.repository';
import { isSolarForEvent } from './event-baseline-group.repository';
import { householdBaselines } from './event-baselines.service';
import { stackingEvent, type StackedEvent } from './event-stacking.repository';
import { householdCededIntervals } from './event-stacking.service';
import { frozenBaselineOnTheDay } from './frozen-baselines.service';
import { gridImportIntervals, eventForHousehold, householdEventStarts, runningEventForHousehold, type EventRow, type Participant } from './events.repository';
import { SETTLE_AFTER_MS } from './events.service';

/**
 * A household's baseline for an event does not move while it runs: it is made of earlier days
 * and of the adjustment window, which closed an hour before the start. It is kept for a while,
 * so a scorecard costs two small reads (the event, its intervals so far), not the look-back.
 */
const BASELINE_TTL_MS = 10 * 60_000;
const BASELINE_CACHE_MAX = 20_000;
type HomeTerms = { baseline: Baseline; fromGrid: boolean; ceded: Set<number> };
const baselines = new Map<string, { at: number; baseline: Promise<HomeTerms> }>();

const stackingEvents = new Map<string, { at: number; event: Promise<StackedEvent | null> }>();

/**
 * The event's own terms for the stacking rules (decision 108): the same for every home in it, so
 * read once per event and window while its homes' first scorecards come in, not once per home.
 */
function cachedStackingEvent(db: DbOrTx, event: EventRow): Promise<StackedEvent | null> {
  const key = `${event.id}|${event.startsAt.getTime()}|${event.endsAt.getTime()}`;
  const now = Date.now();
  const hit = stackingEvents.get(key);
  if (hit && now - hit.at < BASELINE_TTL_MS) return hit.event;
  if (stackingEvents.size >= BASELINE_CACHE_MAX) stackingEvents.clear();
  const read = stackingEvent(db, event.id);
  stackingEvents.set(key, { at: now, event: read });
  read.catch(() => stackingEvents.delete(key));
  return read;
}

/**
 * The home's baseline, whether it is solar (its figures are then grid draw, decision 112), and the
 * intervals another of its events pays (decision 108): none moves during the event (opting in
 * closed at the start).
 */
function cachedBaseline(db: DbOrTx, event: EventRow, household: Participant): Promise<HomeTerms> {
  const key = `${event.id}|${household.householdId}|${event.startsAt.getTime()}|${event.endsAt.getTime()}`;
  const now = Date.now();
  const hit = baselines.get(key);
  if (hit && now - hit.at < BASELINE_TTL_MS) return hit.baseline;
  if (baselines.size >= BASELINE_CACHE_MAX) baselines.clear();
  const own = (async () => {
    // The baseline the member was shown before the event (decision 099); computed as before only
    // for a home that has none frozen for this window.
    const frozen = await frozenBaselineOnTheDay(db, event, household);
    if (frozen) return frozen;
    const others = await householdEventStarts(db, household.householdId, event.id);
    const otherStarts = new Map([[household.householdId, others.map((d) => d.getTime())]]);
    for await (const [first] of householdBaselines(db, event, [household], otherStarts, 1)) return first!.baseline;
    throw new Error('No baseline computed');
  })();
  const ceded = cachedStackingEvent(db, event).then((stacking) => householdCededIntervals(db, household.householdId, stacking));
  const baseline = Promise.all([own, isSolarForEvent(db, event.id, household.householdId), ceded]).then(
    ([b, fromGrid, ceded]) => ({ baseline: b, fromGrid, ceded }),
  );
  baselines.set(key, { at: now, baseline });
  baseline.catch(() => baselines.delete(key));
  return baseline;
}

/** The provisional figures of a running (or just ended) event, from the readings stored so far. */
export async function computeScorecard(db: DbOrTx, event: EventRow, household: Participant, now: Date): Promise<LiveScorecard> {
  const [{ baseline, fromGrid, ceded }, intervals] = await Promise.all([
    cachedBaseline(db, event, household),
    // One household's few intervals: a plain range read, cheaper to plan than the batch read.
    gridImportIntervals(db, household.householdId, event.startsAt, new Date(Math.min(event.endsAt.getTime(), now.getTime()))),
  ]);
  const actual = eventDayReadings(readingsByDay(intervals, household.timeZone), eventDateOf(event.startsAt, household.timeZone));
  const terms = { targetPercent: event.targetPercent, rewardPoints: event.rewardPoints };
  const cededSlots = baseline.ok && ceded.size > 0 ? cededSlotsOf(baseline.slots, event.startsAt.getTime(), ceded) : undefined;
  const card = eventScorecard(baseline, actual, terms, event.pointsPerKwh, cededSlots);
  const common = { eventId: event.id, provisional: true as const, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString(), targetPercent: event.targetPercent, rewardPoints: event.rewardPoints };
  if (card.status === 'no_baseline') {
    return { ...common, status: 'no_baseline', reason: card.reason, intervals: [], intervalsIn: 0, intervalsTotal: 0, baselineKwh: 0, actualKwh: 0, savedKwh: 0, reductionPercent: null, targetMet: false, pointsOnTrack: 0 };
  }
  return {
    ...common,
    status: 'live',
    reason: null,
    intervals: elapsedIntervals(card, event.startsAt.getTime(), now.getTime()).map((i) => ({ startsAt: new Date(i.startMs).toISOString(), baselineKw: i.baselineKw, actualKw: i.actualKw })),
    intervalsIn: card.intervalsIn,
    intervalsTotal: card.intervalsTotal,
    baselineKwh: card.baselineKwh,
    actualKwh: card.actualKwh,
    savedKwh: card.reductionKwh,
    reductionPercent: card.reductionPercent,
    targetMet: card.targetMet,
    pointsOnTrack: card.pointsOnTrack,
    ...(fromGrid ? { fromGrid: true as const } : {}),
  };
}

/**
 * Once an event has started, what the scorecard checks of it for a household stops changing:
 * opting in or out closed at the start and a started event cannot be cancelled (decision 034).
 * So each process keeps it briefly, and a scorecard request reads only the household's intervals.
 */
const STARTED_EVENT_TTL_MS = 30_000;
type HouseholdEvent = Awaited<ReturnType<typeof eventForHousehold>>;
const startedEvents = new Map<string, { at: number; event: HouseholdEvent }>();
/**
 * Reads under way, by key: when the kept copy expires, the member's requests in flight (a screen
 * polls, the live stream pushes) wait for one read instead of each sending its own.
 */
const eventReads = new Map<string, Promise<HouseholdEvent>>();

function startedEventFor(db: DbOrTx, eventId: string, householdId: string, now: Date): Promise<HouseholdEvent> {
  const key = `${eventId}|${householdId}`;
  const hit = startedEvents.get(key);
  if (hit && Date.now() - hit.at < STARTED_EVENT_TTL_MS) return Promise.resolve(hit.event);
  const pending = eventReads.get(key);
  if (pending) return pending.then((event) => (keepable(event, now) ? event : startedEventFor(db, eventId, householdId, now)));
  const read = eventForHousehold(db, eventId, householdId).then((event) => {
    if (keepable(event, now)) {
      if (startedEvents.size >= BASELINE_CACHE_MAX) startedEvents.clear();
      startedEvents.set(key, { at: Date.now(), event });
    }
    return event;
  });
  eventReads.set(key, read);
  const done = () => eventReads.delete(key);
  read.then(done, done);
  return read;
}

const keepable = (event: HouseholdEvent, now: Date) => event !== null && event.status !== 'cancelled' && now.getTime() >= event.startsAt.getTime();

const participantOf = (household: Household): Participant => ({ householdId: household.id, timeZone: household.timeZone, province: household.province });

/**
 * GET /api/events/{id}/scorecard: 404 for an event outside the member's area (as for one that
 * does not exist), 409 before the start, for a cancelled event, or when the home did not opt in.
 */
export async function memberScorecard(db: DbOrTx, household: Household, eventId: string, now: Date): Promise<LiveScorecard> {
  const event = await startedEventFor(db, eventId, household.id, now);
  if (!event || !event.inArea) throw new AppError(404, 'not_found', EVENT_MESSAGES.notFound);
  if (event.status === 'cancelled') throw new AppError(409, 'event_cancelled', EVENT_MESSAGES.cancelled);
  if (now.getTime() < event.startsAt.getTime()) throw new AppError(409, 'event_not_started', EVENT_MESSAGES.scorecardNotStarted);
  if (!event.optedIn) throw new AppError(409, 'not_opted_in', EVENT_MESSAGES.scorecardNotOptedIn);
  return computeScorecard(db, event, participantOf(household), now);
}

const PUSH_MEMO_MS = 5 * 60_000;
const pushes = new Map<string, { at: number; card: Promise<LiveScorecard | null> }>();

/**
 * The scorecard to push when new readings of a household commit, or null when it is in no running
 * event. Worked out once per household and newest interval in this process, however many of the
 * member's screens are connected to it.
 */
export function scorecardForNewReadings(db: DbOrTx, household: Household, latestTs: string, now: Date): Promise<LiveScorecard | null> {
  const key = `${household.id}|${latestTs}`;
  const hit = pushes.get(key);
  if (hit && now.getTime() - hit.at < PUSH_MEMO_MS) return hit.card;
  if (pushes.size >= BASELINE_CACHE_MAX) pushes.clear();
  const card = (async () => {
    const event = await runningEventForHousehold(db, household.id, now, SETTLE_AFTER_MS);
    return event ? computeScorecard(db, event, participantOf(household), now) : null;
  })();
  pushes.set(key, { at: now.getTime(), card });
  card.catch(() => pushes.delete(key));
  return card;
}
