import { sql } from 'drizzle-orm';
import type { ProducedHour } from '@peakwise/domain/billing-savings';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/* What the savings card reads (decision 049): hourly production and export, and event points. */

/** The household's hourly production and grid export, UTC hours starting in [from, to). */
export async function producedHours(db: DbOrTx, householdId: string, from: Date, to: Date): Promise<ProducedHour[]> {
  const rows = rowsOf<{ ms: number; productionKwh: number; gridExportKwh: number }>(
    await db.execute(sql`
      select (extract(epoch from hour_start) * 1000)::float8 as ms, production_kwh as "productionKwh", grid_export_kwh as "gridExportKwh"
      from meter_hourly where household_id = ${householdId}::uuid
        and hour_start >= ${from.toISOString()}::timestamptz and hour_start < ${to.toISOString()}::timestamptz and production_kwh > 0`),
  );
  return rows.map((r) => ({ start: new Date(r.ms), productionKwh: r.productionKwh, gridExportKwh: r.gridExportKwh }));
}

/**
 * Points the ledger moved into the household's account for events that started in [from, to):
 * rewards and their corrections (a correction can be negative), and held points released by a
 * season test (decision 140, under the event they were held for), whenever they were paid.
 */
export async function eventPointsFor(db: DbOrTx, householdId: string, from: Date, to: Date): Promise<number> {
  const [row] = rowsOf<{ points: number }>(
    await db.execute(sql`
      select coalesce(sum(e.amount), 0)::int as points
      from points_entries e
      join points_accounts a on a.id = e.account_id and a.kind = 'member' and a.household_id = ${householdId}::uuid
      join points_transfers t on t.id = e.transfer_id and t.kind in ('event_reward', 'event_adjustment', 'event_release')
      join energy_events ev on ev.id = t.event_id
      where ev.starts_at >= ${from.toISOString()}::timestamptz and ev.starts_at < ${to.toISOString()}::timestamptz`),
  );
  return row!.points;
}
