import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inArea } from '../events/events.repository';

/** Events of the month not yet settled (and not cancelled): the bonus waits for them. */
export async function unsettledEventsBetween(db: DbOrTx, from: Date, to: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from energy_events e
      where e.starts_at >= ${from.toISOString()}::timestamptz and e.starts_at < ${to.toISOString()}::timestamptz and e.status not in ('settled', 'cancelled')`),
  );
  return row!.n;
}

export type AreaEvent = { householdId: string; eventId: string; tookPart: boolean };

/**
 * Every (household, event of its area in the month) pair, and whether the household took part:
 * opted in and settled with a measured result (decision 042).
 */
export async function areaEventsBetween(db: DbOrTx, from: Date, to: Date): Promise<AreaEvent[]> {
  return rowsOf<AreaEvent>(
    await db.execute(sql`
      select h.id as "householdId", e.id as "eventId",
        exists (
          select 1 from event_participations ep join event_results r on r.event_id = ep.event_id and r.household_id = ep.household_id and r.outcome = 'settled'
          where ep.event_id = e.id and ep.household_id = h.id and ep.opted_in) as "tookPart"
      from energy_events e join event_programs p on p.id = e.program_id join households h on ${inArea('p', 'h')}
      where e.status <> 'cancelled' and e.starts_at >= ${from.toISOString()}::timestamptz and e.starts_at < ${to.toISOString()}::timestamptz
      order by 1, 2`),
  );
}
