import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { baselineOutlook } from '@peakwise/domain/event-baseline-outlook';
import { eventDateOf } from '@peakwise/domain/event-reading-plan';
import { localDateOf } from '@peakwise/domain/local-time';
import type { DbOrTx } from '../../db/client';
import type { Household } from '../households/household.repository';
import { householdBaselines, PlanCache } from './event-baselines.service';
import { findEvent, householdEventStarts } from './events.repository';

/**
 * The baseline a member's home would be scored against if the event were now (decision 098):
 * the same reads and `computeBaseline` as settlement, over the readings stored so far. Only for
 * an event still ahead; once it starts the live scorecard takes over. Computed on read, not
 * frozen: nothing is written, so an opt-in screen costs the look-back read and nothing more.
 */
export async function eventOutlook(db: DbOrTx, household: Household, event: MemberEvent, now: Date): Promise<BaselineOutlookView | null> {
  // A held-out home is not scored: nothing to estimate (decision 100).
  if (event.heldOut || event.status !== 'scheduled' || new Date(event.startsAt).getTime() <= now.getTime()) return null;
  const row = await findEvent(db, event.id);
  if (!row) return null;
  const participant = { householdId: household.id, timeZone: household.timeZone, province: household.province };
  // The days of the other events the home takes part in are left out, as settlement leaves them.
  const others = (await householdEventStarts(db, household.id, row.id)).map((d) => d.getTime());
  for await (const [first] of householdBaselines(db, row, [participant], new Map([[household.id, others]]), 1)) {
    if (!first) break;
    return baselineOutlook({
      baseline: first.baseline,
      terms: { targetPercent: row.targetPercent, rewardPoints: row.rewardPoints },
      today: localDateOf(now, household.timeZone),
      holidays: new PlanCache(row).holidaysOf(participant),
      eventDates: others.map((ms) => eventDateOf(new Date(ms), household.timeZone)),
    });
  }
  return null;
}
