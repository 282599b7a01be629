import { EARLY_WINDOW_GAP_MINUTES } from '@peakwise/domain/event-baseline';
import { EVENT_DAY_GROSS_METHOD, frozenMethodFor, type FrozenBaseline, type OwnDaysMethod } from '@peakwise/domain/event-baseline-frozen';
import { freezeGrossBaseline, GROSS_LOAD_METHOD, hasMeasuredProduction, type GrossDay } from '@peakwise/domain/event-baseline-frozen-gross';
import { adjustmentWindowSlots, eventDayReadings, eventSlots, readingsByDayFromLists } from '@peakwise/domain/event-intervals';
import { baselineDayRanges, eventDateOf, eventDayRanges, type ReadingRange } from '@peakwise/domain/event-reading-plan';
import type { DbOrTx } from '../../db/client';
import { meterFlowsInRanges, type MeterFlows } from './event-meter-flows.repository';
import type { EventRow, Participant } from './events.repository';

/**
 * Decision 138's gross-load rows (decision 126's "gross-baseline" variant over decision 133's early
 * window): which homes get one at the freeze, and the event day's flows they are thawed with.
 * Production is read for those homes only: a home without panels, or with a battery, costs its
 * freeze one statement on the daily rollups and its settlement nothing more.
 */

/** A home frozen in a batch, with what the choice of method needs to know of it. */
export type FreezeRow = { household: Participant; hasBattery: boolean; frozen: FrozenBaseline };

/**
 * Whether a row frozen on its own days under the method of a home without measured production moves
 * to `method` once its production is found measured (decision 138's gross load, 147's days nearest
 * in sun): the one test both make before reading production.
 */
export function movesWithProductionTo(method: OwnDaysMethod, { hasBattery, frozen }: FreezeRow): boolean {
  return frozenMethodFor({ hasBattery, measuredProduction: true }) === method && frozen.status === 'ok' && frozen.method === frozenMethodFor({ hasBattery, measuredProduction: false }) && !frozen.group;
}

/**
 * The batch's rows with each home decision 138 scores on gross load frozen under it: a home
 * without a battery, frozen under the early window on its own days, whose meter reported production
 * before the event (`producing`, `producingHouseholds`), whose production was measured on those days
 * (`hasMeasuredProduction`) and whose days have every interval the rule reads. Any other row is
 * returned as it was, so a home that lacks what the rule needs keeps the early window.
 */
export async function withGrossLoadRows(db: DbOrTx, event: EventRow, rows: readonly FreezeRow[], producing: ReadonlySet<string>): Promise<{ householdId: string; frozen: FrozenBaseline }[]> {
  const out = rows.map(({ household, frozen }) => ({ householdId: household.householdId, frozen }));
  const read = rows.filter((row) => movesWithProductionTo(GROSS_LOAD_METHOD, row) && producing.has(row.household.householdId));
  if (read.length === 0) return out;
  const shapes = read.map(({ household, frozen }) => {
    const event_ = eventSlots(event.startsAt, event.endsAt, household.timeZone)!;
    const window = adjustmentWindowSlots(event.startsAt, household.timeZone, EARLY_WINDOW_GAP_MINUTES);
    return { event: event_, window, ranges: baselineDayRanges(frozen.status === 'ok' ? frozen.days : [], event_, window, household.timeZone) };
  });
  const flows = await meterFlowsInRanges(db, read.map((c, group) => ({ householdId: c.household.householdId, group })), shapes.map((s) => s.ranges));
  const index = new Map(out.map((row, i) => [row.householdId, i]));
  read.forEach(({ household, hasBattery, frozen }, i) => {
    const rows = flows.get(household.householdId);
    if (frozen.status !== 'ok' || !rows) return;
    const { event: slots, window } = shapes[i]!;
    const production = readingsByDayFromLists(rows.ms, rows.production, household.timeZone);
    const measuredProduction = hasMeasuredProduction(frozen.days, [...(window?.slots ?? []), ...slots.slots], production);
    if (frozenMethodFor({ hasBattery, measuredProduction }) !== GROSS_LOAD_METHOD) return;
    const gross = freezeGrossBaseline(frozen, slots, window, readingsByDayFromLists(rows.ms, rows.gross, household.timeZone));
    if (gross) out[index.get(household.householdId)!] = { householdId: household.householdId, frozen: gross };
  });
  return out;
}

/**
 * Whether a row is thawed with the event day's gross load and production: a gross-load row (decision
 * 138), or a solar member's event-day row (decision 144's Since), which takes its production off.
 */
export const isGrossRow = (frozen: FrozenBaseline | undefined): boolean =>
  frozen?.status === 'ok' && ((frozen.method === GROSS_LOAD_METHOD && frozen.gross !== undefined) || frozen.method === EVENT_DAY_GROSS_METHOD);

/** The event day's reads of a gross row: its early window and the event. */
export const grossDayRanges = (event: EventRow): ReadingRange[] => eventDayRanges(event.startsAt, event.endsAt, EARLY_WINDOW_GAP_MINUTES);

/** The event day's flows of the gross rows among `households`, in one read. */
export function grossDayFlows(db: DbOrTx, event: EventRow, householdIds: readonly string[]): Promise<Map<string, MeterFlows>> {
  return meterFlowsInRanges(db, householdIds.map((householdId) => ({ householdId, group: 0 })), [grossDayRanges(event)]);
}

/** A gross row's day from its flows: gross load and production by slot on the event's local day. */
/** The flows of the intervals that start before `upToMs` (the live scorecard's "so far"). */
export function flowsBefore(flows: MeterFlows | undefined, upToMs: number): MeterFlows | undefined {
  if (!flows) return undefined;
  const keep = flows.ms.map((ms) => ms < upToMs);
  const kept = (values: number[]) => values.filter((_, i) => keep[i]);
  return { ms: kept(flows.ms), kwh: kept(flows.kwh), gross: kept(flows.gross), production: kept(flows.production) };
}

export function grossDayOf(event: EventRow, timeZone: string, flows: MeterFlows | undefined): GrossDay {
  if (!flows) return { gross: undefined, production: undefined };
  const date = eventDateOf(event.startsAt, timeZone);
  // Past midnight, the event's later slots are the next calendar day's readings.
  return {
    gross: eventDayReadings(readingsByDayFromLists(flows.ms, flows.gross, timeZone), date),
    production: eventDayReadings(readingsByDayFromLists(flows.ms, flows.production, timeZone), date),
  };
}
