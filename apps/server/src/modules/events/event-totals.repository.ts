import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * An event's results totalled, over `event_results r` grouped by event: every result, the points
 * paid (at once or released) apart from those held until proven (decision 140), the kWh saved by
 * the settled ones, and those with no settled outcome. One definition for what a settlement run
 * stores and what the operator's list counts live.
 */
export const resultFigures = sql`
  count(*)::int as settled,
  coalesce(sum(r.points) filter (where r.proof_status is distinct from 'held'), 0)::int as awarded,
  coalesce(sum(r.points) filter (where r.proof_status = 'held'), 0)::int as held,
  coalesce(sum(r.reduction_kwh) filter (where r.outcome = 'settled'), 0)::float8 as reduction,
  (count(*) filter (where r.outcome <> 'settled'))::int as insufficient`;

/**
 * Stores these events' figures as their rows stand in the caller's transaction (decision 146): a
 * settlement run's own event, and the events whose held points it released. One grouped pass over
 * each event's results and opt-ins; rows written in event order, as every run takes them.
 */
export async function storeEventTotals(db: DbOrTx, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.execute(sql`
    insert into event_totals (event_id, opted_in, results, not_settled, points_paid, points_held, reduction_kwh)
    select e.id,
      (select count(*) from event_participations p where p.event_id = e.id and p.opted_in),
      f.settled, f.insufficient, f.awarded, f.held, f.reduction
    from unnest(${sql.param([...new Set(eventIds)].sort())}::uuid[]) as e(id)
      cross join lateral (select ${resultFigures} from event_results r where r.event_id = e.id) f
    order by e.id
    on conflict (event_id) do update set opted_in = excluded.opted_in, results = excluded.results, not_settled = excluded.not_settled,
      points_paid = excluded.points_paid, points_held = excluded.points_held, reduction_kwh = excluded.reduction_kwh`);
}
