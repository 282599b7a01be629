import type { FrozenBaseline } from '@peakwise/domain/event-baseline-frozen';
import { beforeStartRange, freezeSunMatchedBaseline, producedBeforeStart, SUN_MATCHED_METHOD } from '@peakwise/domain/event-baseline-frozen-sun';
import { clockOf, eventSlots, readingsByDayFromLists, type DayReadings, type DaySlots } from '@peakwise/domain/event-intervals';
import type { DbOrTx } from '../../db/client';
import { meterFlowsInRanges } from './event-meter-flows.repository';
import { movesWithProductionTo, type FreezeRow } from './frozen-baselines-gross.service';
import type { EventRow, Participant } from './events.repository';

/**
 * Decision 147's sun-matched rows: which battery homes get one at the freeze, and the event day's
 * production before the start they are thawed with. Production is read for battery homes whose
 * meter reported some in the 60 days before the event only: every other home's freeze and
 * settlement read nothing more.
 */

/** A row of the batch with the grid draw its baseline was computed from. */
export type SunFreezeRow = FreezeRow & { readings: DayReadings };

/** The event's start clock on the household's local day, or null for an event that reaches a third day. */
function startClockOf(event: EventRow, timeZone: string): { slots: DaySlots; startClock: string } | null {
  const slots = eventSlots(event.startsAt, event.endsAt, timeZone);
  return slots ? { slots, startClock: clockOf(slots.slots[0]!) } : null;
}

/**
 * The batch's rows with each battery home whose production is measured frozen under the sun-matched
 * method: a row frozen on its own days alone (decision 138's battery row) of a home whose meter
 * reported production before the event (`producing`, `producingHouseholds`), whose days all have
 * their production from midnight to the start and a draw over the event. Any other row is returned
 * as it was, so a battery home whose meter does not report production keeps its days' mean.
 */
export async function withSunMatchedRows(db: DbOrTx, event: EventRow, rows: readonly SunFreezeRow[], producing: ReadonlySet<string>): Promise<FreezeRow[]> {
  const out: FreezeRow[] = rows.map(({ household, hasBattery, frozen }) => ({ household, hasBattery, frozen }));
  const read = rows.flatMap((row, index) => {
    const start = startClockOf(event, row.household.timeZone);
    const ok = movesWithProductionTo(SUN_MATCHED_METHOD, row) && producing.has(row.household.householdId) && start && row.frozen.status === 'ok';
    return ok ? [{ ...row, ...start, index, days: row.frozen.status === 'ok' ? row.frozen.days : [] }] : [];
  });
  if (read.length === 0) return out;
  const flows = await meterFlowsInRanges(
    db,
    read.map((c, group) => ({ householdId: c.household.householdId, group })),
    read.map((c) => c.days.map((date) => beforeStartRange(date, c.startClock, c.household.timeZone))),
  );
  for (const c of read) {
    const rowFlows = flows.get(c.household.householdId);
    if (!rowFlows || c.frozen.status !== 'ok') continue;
    const production = readingsByDayFromLists(rowFlows.ms, rowFlows.production, c.household.timeZone);
    const sun = freezeSunMatchedBaseline(c.frozen, c.slots, c.readings, production, c.household.timeZone);
    if (sun) out[c.index] = { ...out[c.index]!, frozen: sun };
  }
  return out;
}

/** Whether a row is thawed with the event day's production before the start. */
export const isSunRow = (frozen: FrozenBaseline | undefined): boolean => frozen?.status === 'ok' && frozen.method === SUN_MATCHED_METHOD && frozen.sun !== undefined;

/**
 * The event day's production from midnight to the start of each of `households` (the sun rows among
 * a batch), in one read: null for a home whose hours are not all in yet (before the start, or a gap).
 */
export async function producedBeforeStartOf(db: DbOrTx, event: EventRow, households: readonly Participant[]): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>(households.map((h) => [h.householdId, null]));
  // One range a zone: the homes of a zone share the event's local day and start clock.
  const zones = new Map<string, { group: number; slots: DaySlots; startClock: string }>();
  const ranges: { fromMs: number; toMs: number }[][] = [];
  const members: { householdId: string; group: number }[] = [];
  for (const household of households) {
    let zone = zones.get(household.timeZone);
    if (!zone) {
      const start = startClockOf(event, household.timeZone);
      if (!start) continue;
      zone = { ...start, group: ranges.push([beforeStartRange(start.slots.date, start.startClock, household.timeZone)]) - 1 };
      zones.set(household.timeZone, zone);
    }
    members.push({ householdId: household.householdId, group: zone.group });
  }
  if (members.length === 0) return out;
  const flows = await meterFlowsInRanges(db, members, ranges);
  for (const household of households) {
    const rowFlows = flows.get(household.householdId);
    const zone = zones.get(household.timeZone);
    if (!rowFlows || !zone) continue;
    const { date } = zone.slots;
    out.set(household.householdId, producedBeforeStart(readingsByDayFromLists(rowFlows.ms, rowFlows.production, household.timeZone).get(date), date, zone.startClock, household.timeZone));
  }
  return out;
}
