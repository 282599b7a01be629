import { computeBaseline, type Baseline } from '@peakwise/domain/event-baseline';
import { frozenMethodFor, ownDaysRule, type OwnDaysMethod } from '@peakwise/domain/event-baseline-frozen';
import { readingsByDayFromLists, type readingsByDay } from '@peakwise/domain/event-intervals';
import { baselineReadingPlan, eventDateOf, firstReadIsEnough, type ReadingPlan } from '@peakwise/domain/event-reading-plan';
import { isHolidayProvince, provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import type { DbOrTx } from '../../db/client';
import { gridImportInRanges } from './event-settlement.repository';
import type { EventRow, Participant } from './events.repository';

/**
 * One household's baseline for an event, with the readings it was computed from; for settlement,
 * the σ its saving is tested against (decision 140; null: the rule's fallback share of the baseline).
 */
export type HouseholdBaseline = { household: Participant; baseline: Baseline; readings: ReturnType<typeof readingsByDay>; eventDate: string; noiseKwh?: number | null };

/**
 * Every household's baseline for an event, batch by batch (decision 038): per batch one read of
 * the readings its baselines can use (`baselineReadingPlan`), and a second, further back, only
 * for the households the first did not settle (a gap, another event's day, a short history).
 * The read of the next batch is sent before this one is computed, so the database reads while
 * Node computes. Settlement, the live scorecard and the operator's live view all use it.
 */
export async function* householdBaselines(
  tx: DbOrTx,
  event: EventRow,
  participants: readonly Participant[],
  otherStarts: ReadonlyMap<string, number[]>,
  batchSize: number,
): AsyncGenerator<HouseholdBaseline[]> {
  const plans = new PlanCache(event);
  const batches: Participant[][] = [];
  for (let i = 0; i < participants.length; i += batchSize) batches.push(participants.slice(i, i + batchSize));
  const firstRead = (batch: readonly Participant[]) => {
    const read = plans.read(tx, batch, 'first');
    // Awaited on its own turn; a failure there fails the caller, not the process.
    read.catch(() => {});
    return read;
  };
  let next = batches.length > 0 ? firstRead(batches[0]!) : null;
  for (let b = 0; b < batches.length; b++) {
    const batch = batches[b]!;
    const readings = await next!;
    next = b + 1 < batches.length ? firstRead(batches[b + 1]!) : null;

    const out: HouseholdBaseline[] = [];
    const needFull: Participant[] = [];
    for (const household of batch) {
      const computed = baselineOf(event, plans, household, readings.get(household.householdId), otherStarts.get(household.householdId));
      if (firstReadIsEnough(computed.baseline, plans.of(household))) out.push(computed);
      else needFull.push(household);
    }
    if (needFull.length > 0) {
      const full = await plans.read(tx, needFull, 'full');
      for (const household of needFull) out.push(baselineOf(event, plans, household, full.get(household.householdId), otherStarts.get(household.householdId)));
    }
    yield out;
  }
}

/**
 * The method a household's baseline is frozen and, without a row, settled under (decision 138):
 * every caller goes through it, so what is computed anew is what would have been frozen.
 */
export function methodOf(household: Participant): OwnDaysMethod {
  // Production is read at the freeze, for the rows frozen under this method (frozen-baselines-gross.service.ts, decision 138).
  return frozenMethodFor({ hasBattery: household.hasBattery, measuredProduction: false });
}

/** How long before the start a method's window ends; null when it reads none on the event day. */
export function windowGapOf(method: OwnDaysMethod): number | null {
  const rule = ownDaysRule(method);
  return rule.adjustment === 'none' ? null : rule.windowGapMinutes;
}

/** Plans and holidays per zone, province and method's window: households share a handful of each. */
export class PlanCache {
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

  /** One read of the households' readings, each within its plan's `first` or `full` ranges. */
  read(tx: DbOrTx, households: readonly Participant[], which: 'first' | 'full') {
    const keys: string[] = [];
    const index = new Map<string, number>();
    const members = households.map((household) => {
      const key = this.keyOf(household);
      let group = index.get(key);
      if (group === undefined) {
        group = keys.length;
        index.set(key, group);
        keys.push(key);
      }
      return { householdId: household.householdId, group };
    });
    return gridImportInRanges(tx, members, keys.map((key) => this.plans.get(key)![which]));
  }

  private keyOf(household: Participant): string {
    return this.planOf(household).key;
  }

  of(household: Participant): ReadingPlan {
    return this.planOf(household).plan;
  }

  private planOf(household: Participant): { key: string; plan: ReadingPlan } {
    const gap = windowGapOf(methodOf(household));
    const key = `${household.timeZone}|${household.province}|${gap}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = baselineReadingPlan(this.event.startsAt, this.event.endsAt, household.timeZone, this.holidaysOf(household), gap);
      this.plans.set(key, plan);
    }
    return { key, plan };
  }
}

/** One household's baseline from the readings read for it. */
export function baselineOf(event: EventRow, plans: PlanCache, household: Participant, rows: { ms: number[]; kwh: number[] } | undefined, otherStarts: number[] | undefined): HouseholdBaseline {
  const { timeZone } = household;
  const readings = rows ? readingsByDayFromLists(rows.ms, rows.kwh, timeZone) : new Map<string, Record<string, number>>();
  const eventDate = eventDateOf(event.startsAt, timeZone);
  const holidays = plans.holidaysOf(household);
  const eventDates = (otherStarts ?? []).map((ms) => eventDateOf(new Date(ms), timeZone));
  const baseline = computeBaseline({ eventStart: event.startsAt, eventEnd: event.endsAt, timeZone, readings, eventDates, holidays, ...ownDaysRule(methodOf(household)) });
  return { household, baseline, readings, eventDate };
}

