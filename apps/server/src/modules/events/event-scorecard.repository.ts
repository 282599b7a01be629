import type { FrozenBaseline } from '@peakwise/domain/event-baseline-frozen';
import type { DbOrTx } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { isSolarForEventSql, isSolarFromRows } from './event-baseline-group.repository';
import { householdEventsNearSql, stackedFromRows, type StackedEvent } from './event-stacking.repository';
import type { EventRow } from './events.repository';
import { frozenBaselinesFromRows, frozenBaselinesSql } from './frozen-baselines.repository';

/**
 * What a home's first scorecard of an event reads of its own terms, in one round trip instead of
 * three: its frozen baseline row (undefined for none), whether it counts as solar (decision 112),
 * and its other events near this one (decision 108).
 */
export async function readHomeTerms(db: DbOrTx, event: EventRow, householdId: string): Promise<{ frozen: FrozenBaseline | undefined; fromGrid: boolean; near: StackedEvent[] }> {
  const read = await readTogether(db, {
    frozen: frozenBaselinesSql(event, [householdId]),
    solar: isSolarForEventSql(event.id, householdId),
    near: householdEventsNearSql(householdId, { id: event.id, startMs: event.startsAt.getTime(), endMs: event.endsAt.getTime() }),
  });
  return { frozen: frozenBaselinesFromRows(read.frozen).get(householdId), fromGrid: isSolarFromRows(read.solar), near: stackedFromRows(read.near) };
}
