import { EVENT_MESSAGES, type LiveScorecard } from '@peakwise/contracts/events.contract';
import type { Baseline } from '@peakwise/domain/event-baseline';
import { eventDayReadings, readingsByDay } from '@peakwise/domain/event-intervals';
import { eventDateOf } from '@peakwise/domain/event-reading-plan';
import { elapsedIntervals, eventScorecard } from '@peakwise/domain/event-scorecard';
import { cededSlotsOf } from '@peakwise/domain/event-stacked-points';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { expiringCache } from '../../lib/expiring-cache';
import type { Household } from '../households/household.repository';
import { householdBaselines } from './event-baselines.service';
import { stackingEvent, type StackedEvent } from './event-stacking.repository';
import { readHomeTerms } from './event-scorecard.repository';
import { householdCededIntervals } from './event-stacking.service';
import { frozenBaselineOnTheDay } from './frozen-baselines.service';
import { flowsBefore, grossDayFlows, grossDayOf, isGrossRow } from './frozen-baselines-gross.service';
import { isSunRow, producedBeforeStartOf } from './frozen-baselines-sun.service';
import { thawBaseline, type FrozenBaseline, type GroupDay } from '@peakwise/domain/event-baseline-frozen';
import { groupDays } from './event-baseline-group.service';
import { gridImportIntervals, eventForHousehold, householdEventStarts, runningEventForHousehold, type EventRow, type Participant } from './events.repository';
import { SETTLE_AFTER_MS } from './events.service';

/**
 * A household's baseline for an event does not move while it runs: it is made of earlier days
 * and of the adjustment window, which closed an hour before the start. It is kept for a while,
 * so a scorecard costs two small reads (the event, its intervals so far), not the look-back.
 */
const BASELINE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 20_000;
/**
 * `gross`: a row on gross load (decision 138, and 144's Since with `group`, its peers' day as cached), thawed
 * again on each request: its baseline moves with each interval's production.
 * `sun`: a sun-matched row (decision 147), thawed again until the event day's production before the start is all in.
 */
type HomeTerms = { baseline: Baseline; fromGrid: boolean; ceded: Set<number>; gross?: FrozenBaseline; group?: GroupDay; sun?: FrozenBaseline };
const homeTerms = expiringCache<HomeTerms>({ ttlMs: BASELINE_TTL_MS, maxEntries: CACHE_MAX });

/**
 * The event's own terms for the stacking rules (decision 108): the same for every home in it, so
 * read once per event and window while its homes' first scorecards come in, not once per home.
 */
const stackingEvents = expiringCache<StackedEvent | null>({ ttlMs: BASELINE_TTL_MS, maxEntries: CACHE_MAX });

const windowKey = (event: EventRow) => `${event.id}|${event.startsAt.getTime()}|${event.endsAt.getTime()}`;

/**
 * The home's baseline, whether it is solar (its figures are then grid draw, decision 112), and the
 * intervals another of its events pays (decision 108): none moves during the event (opting in
 * closed at the start).
 */
function cachedBaseline(db: DbOrTx, event: EventRow, household: Participant): Promise<HomeTerms> {
  return homeTerms.get(`${household.householdId}|${windowKey(event)}`, async () => {
    const terms = readHomeTerms(db, event, household.householdId);
    const stacking = stackingEvents.get(windowKey(event), () => stackingEvent(db, event.id));
    const own = (async () => {
      // The baseline the member was shown before the event (decision 099); computed as before only
      // for a home that has none frozen for this window.
      const frozen = await frozenBaselineOnTheDay(db, event, household, (await terms).frozen);
      if (frozen) return frozen;
      const others = await householdEventStarts(db, household.householdId, event.id);
      const otherStarts = new Map([[household.householdId, others.map((d) => d.getTime())]]);
      for await (const [first] of householdBaselines(db, event, [household], otherStarts, 1)) return first!.baseline;
      throw new Error('No baseline computed');
    })();
    const ceded = Promise.all([stacking, terms]).then(([stacked, { near }]) => householdCededIntervals(db, household.householdId, stacked, near));
    const [baseline, { fromGrid, frozen }, cededSlots] = await Promise.all([own, terms, ceded]);
    const group = frozen && isGrossRow(frozen) ? (await groupDays(db, event, [{ household, frozen }])).get(household.householdId) : undefined;
    return { baseline, fromGrid, ceded: cededSlots, ...(isGrossRow(frozen) ? { gross: frozen } : {}), ...(group ? { group } : {}), ...(isSunRow(frozen) ? { sun: frozen } : {}) };
  });
}

/** The provisional figures of a running (or just ended) event, from the readings stored so far. */
export async function computeScorecard(db: DbOrTx, event: EventRow, household: Participant, now: Date): Promise<LiveScorecard> {
  const { baseline: cached, fromGrid, ceded, gross, group, sun } = await cachedBaseline(db, event, household);
  // The intervals so far, and the event's readings among them.
  const upTo = Math.min(event.endsAt.getTime(), now.getTime());
  let baseline = cached;
  let intervals: { start: Date; kwh: number }[];
  if (gross) {
    // A gross-load row: the day's window and event so far, with production, thawed again (decision 138).
    const flows = flowsBefore((await grossDayFlows(db, event, [household.householdId])).get(household.householdId), upTo);
    baseline = thawBaseline(gross, event.startsAt, event.endsAt, household.timeZone, undefined, group, grossDayOf(event, household.timeZone, flows)) ?? baseline;
    intervals = flows ? flows.ms.flatMap((ms, i) => (ms >= event.startsAt.getTime() ? [{ start: new Date(ms), kwh: flows.kwh[i]! }] : [])) : [];
  } else {
    if (sun && !(baseline.ok && baseline.adjustment.sun)) {
      // A sun-matched row cached before the day's production up to the start was all in: read it again until it is (decision 147).
      const produced = (await producedBeforeStartOf(db, event, [household])).get(household.householdId);
      if (produced !== null && produced !== undefined) baseline = thawBaseline(sun, event.startsAt, event.endsAt, household.timeZone, undefined, undefined, undefined, produced) ?? baseline;
    }
    // One household's few intervals: a plain range read, cheaper to plan than the batch read.
    intervals = await gridImportIntervals(db, household.householdId, event.startsAt, new Date(upTo));
  }
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
 * When the kept copy expires, the member's requests in flight (a screen polls, the live stream
 * pushes) wait for one read instead of each sending its own.
 */
const STARTED_EVENT_TTL_MS = 30_000;
type HouseholdEvent = Awaited<ReturnType<typeof eventForHousehold>>;
const startedEvents = expiringCache<HouseholdEvent>({ ttlMs: STARTED_EVENT_TTL_MS, maxEntries: CACHE_MAX });

function startedEventFor(db: DbOrTx, eventId: string, householdId: string, now: Date): Promise<HouseholdEvent> {
  return startedEvents.get(`${eventId}|${householdId}`, () => eventForHousehold(db, eventId, householdId), { keep: (event) => keepable(event, now) });
}

const keepable = (event: HouseholdEvent, now: Date) => event !== null && event.status !== 'cancelled' && now.getTime() >= event.startsAt.getTime();

const participantOf = (household: Household): Participant => ({ householdId: household.id, timeZone: household.timeZone, province: household.province, hasBattery: household.hasBattery });

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
const pushes = expiringCache<LiveScorecard | null>({ ttlMs: PUSH_MEMO_MS, maxEntries: CACHE_MAX });

/**
 * The scorecard to push when new readings of a household commit, or null when it is in no running
 * event. Worked out once per household and newest interval in this process, however many of the
 * member's screens are connected to it.
 */
export function scorecardForNewReadings(db: DbOrTx, household: Household, latestTs: string, now: Date): Promise<LiveScorecard | null> {
  return pushes.get(
    `${household.id}|${latestTs}`,
    async () => {
      const event = await runningEventForHousehold(db, household.id, now, SETTLE_AFTER_MS);
      return event ? computeScorecard(db, event, participantOf(household), now) : null;
    },
    // The memo runs on the server's clock, which a test or demo may have moved ahead.
    { now: now.getTime() },
  );
}
