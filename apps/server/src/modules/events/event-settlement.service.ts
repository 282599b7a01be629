import { computeBaseline, type Baseline } from '@peakwise/domain/event-baseline';
import { readingsByDay, type Interval } from '@peakwise/domain/event-intervals';
import { baselineReadingPlan, eventDateOf, firstReadIsEnough, type ReadingPlan, type ReadingRange } from '@peakwise/domain/event-reading-plan';
import { settleEvent, type Settlement } from '@peakwise/domain/event-settlement';
import { isHolidayProvince, provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import type { DbOrTx } from '../../db/client';
import { payEventPointsInBulk, type EventPayment } from '../points/points.service';
import {
  consumptionInRanges,
  otherEventStartsByHousehold,
  pointsPaidByHousehold,
  saveResults,
  type ReadingRequest,
  type ResultRow,
} from './event-settlement.repository';
import { bumpSettlementVersion, findEvent, optedInHouseholds, type EventRow, type Participant } from './events.repository';
import { moveEvent, SETTLE_DEADLINE_MS } from './events.service';

const RETRY_MS = 3_600_000;
/**
 * Households per read and write. A batch's readings (about 11 days × 5 hours each) and its
 * results stay a few megabytes; the read of the next batch runs in the database while this one
 * is computed.
 */
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
 * the member what they were given.
 */
export async function settleEndedEvent(tx: DbOrTx, eventId: string, now: Date, options: { batchSize?: number } = {}): Promise<SettlementRun> {
  const event = await findEvent(tx, eventId, true);
  if (!event || event.status === 'cancelled') return { settled: 0, pending: 0, retryAt: null };
  if (now.getTime() < event.endsAt.getTime()) return { settled: 0, pending: 0, retryAt: event.endsAt };
  // The start or end job may not have run yet (a restart after the event): catch up first.
  if (event.status === 'scheduled') await moveEvent(tx, event, 'start', now);
  if (event.status === 'scheduled' || event.status === 'active') await moveEvent(tx, { ...event, status: 'active' }, 'end', now);

  const pastDeadline = now.getTime() >= event.endsAt.getTime() + SETTLE_DEADLINE_MS;
  const version = await bumpSettlementVersion(tx, eventId);
  const participants = await optedInHouseholds(tx, eventId);
  const otherStarts = await otherEventStartsByHousehold(tx, eventId);
  const paid = await pointsPaidByHousehold(tx, eventId);
  const plans = new PlanCache(event);
  const batchSize = options.batchSize ?? SETTLEMENT_BATCH;

  let settled = 0;
  let pending = 0;
  const batches: Participant[][] = [];
  for (let i = 0; i < participants.length; i += batchSize) batches.push(participants.slice(i, i + batchSize));
  const firstRead = (batch: Participant[]) => consumptionInRanges(tx, requestsFor(batch, (p) => plans.of(p).first));
  let next = batches.length > 0 ? firstRead(batches[0]!) : null;
  for (let b = 0; b < batches.length; b++) {
    const batch = batches[b]!;
    const readings = await next!;
    // Asked for now, so the database reads the next batch while this one is computed.
    next = b + 1 < batches.length ? firstRead(batches[b + 1]!) : null;
    // Awaited on the next turn; a failure there fails the run, not the process.
    next?.catch(() => {});

    const outcomes = new Map<string, Settlement>();
    const needFull: Participant[] = [];
    for (const household of batch) {
      const baseline = baselineOf(event, plans, household, readings.get(household.householdId), otherStarts.get(household.householdId));
      if (firstReadIsEnough(baseline.baseline, plans.of(household))) outcomes.set(household.householdId, settle(event, baseline));
      else needFull.push(household);
    }
    if (needFull.length > 0) {
      // A gap, another event's day or a short history: the baseline may look further back.
      const full = await consumptionInRanges(tx, requestsFor(needFull, (p) => plans.of(p).full));
      for (const household of needFull) {
        outcomes.set(household.householdId, settle(event, baselineOf(event, plans, household, full.get(household.householdId), otherStarts.get(household.householdId))));
      }
    }

    const results: ResultRow[] = [];
    const payments: EventPayment[] = [];
    for (const household of batch) {
      const outcome = outcomes.get(household.householdId)!;
      if (outcome.status === 'insufficient_data' && !pastDeadline) {
        pending += 1;
        continue;
      }
      settled += 1;
      results.push(resultRow(household.householdId, outcome));
      const already = paid.get(household.householdId) ?? 0;
      if (outcome.points > already) {
        // Keyed on the total this payment brings the household to: a re-run that reaches the same
        // total finds the key taken and pays nothing.
        payments.push({
          householdId: household.householdId,
          points: outcome.points - already,
          key: `event:${event.id}:household:${household.householdId}:to:${outcome.points}`,
          kind: already === 0 ? 'event_reward' : 'event_adjustment',
          detail: { eventId: event.id, settlementVersion: version },
        });
      }
    }
    await saveResults(tx, event.id, version, results, now);
    await payEventPointsInBulk(tx, event.id, payments);
  }
  if (pending > 0) return { settled, pending, retryAt: new Date(now.getTime() + RETRY_MS) };
  await moveEvent(tx, { ...event, status: 'ended' }, 'settle', now);
  return { settled, pending, retryAt: null };
}

/** Plans and holidays per zone and province: households share a handful of each. */
class PlanCache {
  private readonly plans = new Map<string, ReadingPlan>();
  private readonly holidays = new Map<string, string[]>();
  constructor(private readonly event: EventRow) {}

  /** The province's holidays of the event's local year and the one before (the look-back reaches into it). */
  holidaysOf(household: Participant): string[] {
    const year = Number(eventDateOf(this.event.startsAt, household.timeZone).slice(0, 4));
    const key = `${household.province}|${year}`;
    let dates = this.holidays.get(key);
    if (!dates) {
      dates = isHolidayProvince(household.province) ? provincialHolidayDates(household.province, year - 1, year) : [];
      this.holidays.set(key, dates);
    }
    return dates;
  }

  of(household: Participant): ReadingPlan {
    const key = `${household.timeZone}|${household.province}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = baselineReadingPlan(this.event.startsAt, this.event.endsAt, household.timeZone, this.holidaysOf(household));
      this.plans.set(key, plan);
    }
    return plan;
  }
}

function requestsFor(households: readonly Participant[], rangesOf: (p: Participant) => readonly ReadingRange[]): ReadingRequest[] {
  const requests: ReadingRequest[] = [];
  for (const household of households) for (const range of rangesOf(household)) requests.push({ householdId: household.householdId, ...range });
  return requests;
}

type HouseholdBaseline = { baseline: Baseline; readings: ReturnType<typeof readingsByDay>; eventDate: string };

function baselineOf(event: EventRow, plans: PlanCache, household: Participant, rows: { ms: number[]; kwh: number[] } | undefined, otherStarts: number[] | undefined): HouseholdBaseline {
  const { timeZone } = household;
  const intervals: Interval[] = [];
  if (rows) for (let i = 0; i < rows.ms.length; i++) intervals.push({ start: new Date(rows.ms[i]!), kwh: rows.kwh[i]! });
  const readings = readingsByDay(intervals, timeZone);
  const eventDate = eventDateOf(event.startsAt, timeZone);
  const holidays = plans.holidaysOf(household);
  const eventDates = (otherStarts ?? []).map((ms) => eventDateOf(new Date(ms), timeZone));
  const baseline = computeBaseline({ eventStart: event.startsAt, eventEnd: event.endsAt, timeZone, readings, eventDates, holidays });
  return { baseline, readings, eventDate };
}

function settle(event: EventRow, { baseline, readings, eventDate }: HouseholdBaseline): Settlement {
  return settleEvent(baseline, readings.get(eventDate), { targetPercent: event.targetPercent, rewardPoints: event.rewardPoints });
}

function resultRow(householdId: string, outcome: Settlement): ResultRow {
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
      adjustmentFactor: outcome.adjustmentFactor,
      adjustmentStatus: outcome.adjustmentStatus,
      reductionPercent: outcome.reductionPercent,
      targetMet: outcome.targetMet,
      intervals: outcome.intervals,
      missingSlots: outcome.missingSlots,
    },
  };
}
