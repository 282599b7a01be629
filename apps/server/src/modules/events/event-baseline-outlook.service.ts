import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { MIN_BASELINE_WEEKDAYS, MIN_BASELINE_WEEKEND_DAYS, type Baseline } from '@peakwise/domain/event-baseline';
import type { FrozenBaseline } from '@peakwise/domain/event-baseline-frozen';
import { baselineOutlook } from '@peakwise/domain/event-baseline-outlook';
import { eventDateOf } from '@peakwise/domain/event-reading-plan';
import { localDateOf } from '@peakwise/domain/local-time';
import type { DbOrTx } from '../../db/client';
import type { Household } from '../households/household.repository';
import { isSolarForEvent } from './event-baseline-group.repository';
import { producingHouseholds } from './event-meter-flows.repository';
import { anyKindDaysOf, eventDayWindow } from './event-baseline-group.service';
import { householdBaselines, PlanCache } from './event-baselines.service';
import { findEvent, householdEventStarts, type EventRow, type Participant } from './events.repository';
import { shownBaseline } from './frozen-baselines.service';

/**
 * The baseline a member's home will be scored against, shown before the event (decisions 098 and
 * 099). A home that opted in is shown its frozen baseline, the one settlement will use; a home
 * that did not is shown what the same rule gives now, over the readings stored so far (nothing is
 * written for it). Only for an event still ahead; once it starts the live scorecard takes over.
 * `frozen` is the home's frozen row when the caller has read it already (the upcoming list).
 */
export async function eventOutlook(db: DbOrTx, household: Household, event: MemberEvent, now: Date, frozen?: FrozenBaseline): Promise<BaselineOutlookView | null> {
  // A held-out home is not scored: nothing to estimate (decision 100).
  if (event.heldOut || event.status !== 'scheduled' || new Date(event.startsAt).getTime() <= now.getTime()) return null;
  const row = await findEvent(db, event.id);
  if (!row) return null;
  const participant = { householdId: household.id, timeZone: household.timeZone, province: household.province, hasBattery: household.hasBattery };
  let baseline: Baseline | null = event.optedIn ? await shownBaseline(db, row, participant, now, frozen) : null;
  // A solar member's event-day row on gross load has no figure to show before the event's own sun.
  if (baseline?.ok && baseline.fromEventDay && baseline.adjustment.gross) return eventDayGross(baseline);
  // A frozen baseline is all the member is told; the other events' days only matter to say how
  // many days are still to come.
  if (baseline?.ok) return fromGrid(db, row.id, household.id, grossLoad(baseline, baselineOutlook({ baseline, terms: { targetPercent: row.targetPercent, rewardPoints: row.rewardPoints }, today: localDateOf(now, household.timeZone), holidays: [], eventDates: [] })));
  // The days of the other events the home takes part in are left out, as settlement leaves them.
  const others = (await householdEventStarts(db, household.id, row.id)).map((d) => d.getTime());
  if (!baseline) {
    for await (const [first] of householdBaselines(db, row, [participant], new Map([[household.id, others]]), 1)) {
      baseline = first?.baseline ?? null;
      break;
    }
  }
  if (!baseline) return null;
  const outlook = baselineOutlook({
    baseline,
    terms: { targetPercent: row.targetPercent, rewardPoints: row.rewardPoints },
    today: localDateOf(now, household.timeZone),
    holidays: new PlanCache(row).holidaysOf(participant),
    eventDates: others.map((ms) => eventDateOf(new Date(ms), household.timeZone)),
  });
  return fromGrid(db, row.id, household.id, await byGroupAnyway(db, row, participant, others, outlook));
}

/**
 * A home with no day of the event's kind and none to come is still scored by a comparison group:
 * over its complete days of any kind when it has some (decision 101's Since), else from its use in
 * the event day's hours before the start (decision 144), when those hours fall on the event's own
 * day (`eventDayWindow`, which the freeze reads): on gross load for solar without a battery whose
 * meter reports production (144's Since). Told so, not that it cannot earn.
 */
async function byGroupAnyway(db: DbOrTx, row: EventRow, participant: Participant, others: readonly number[], outlook: BaselineOutlookView): Promise<BaselineOutlookView> {
  if (outlook.status !== 'insufficient_history' || outlook.days.length + outlook.daysLeft > 0) return outlook;
  if ((await anyKindDaysOf(db, row, participant, others)).length > 0) return { ...outlook, byAnyDays: true };
  if (!eventDayWindow(row.startsAt, participant.timeZone)) return outlook;
  if (!(await isSolarForEvent(db, row.id, participant.householdId))) return { ...outlook, byEventDay: true };
  if (participant.hasBattery || !(await producingHouseholds(db, row.id, [participant.householdId])).has(participant.householdId)) return outlook;
  return { ...outlook, byEventDay: true, grossLoad: true };
}

/** A frozen event-day row on gross load, told as before its freeze: how it will be scored, with no figure. */
function eventDayGross(baseline: Extract<Baseline, { ok: true }>): BaselineOutlookView {
  const needed = baseline.kind === 'weekday' ? MIN_BASELINE_WEEKDAYS : MIN_BASELINE_WEEKEND_DAYS;
  return { status: 'insufficient_history', kind: baseline.kind, days: [], needed, daysLeft: 0, byEventDay: true, grossLoad: true };
}

/** A home frozen on gross load (decision 138) or on its days nearest in sun (147) is told how it will be scored. */
function grossLoad(baseline: Baseline, outlook: BaselineOutlookView): BaselineOutlookView {
  if (!baseline.ok || outlook.status !== 'estimate') return outlook;
  if (baseline.adjustment.gross) return { ...outlook, grossLoad: true };
  return baseline.adjustment.sunPending ? { ...outlook, sunMatched: true } : outlook;
}

/** A solar home's estimate says its figures are from the grid, as its result will (decision 112). */
async function fromGrid(db: DbOrTx, eventId: string, householdId: string, outlook: BaselineOutlookView): Promise<BaselineOutlookView> {
  if (outlook.status !== 'estimate' || !(await isSolarForEvent(db, eventId, householdId))) return outlook;
  return { ...outlook, fromGrid: true };
}
