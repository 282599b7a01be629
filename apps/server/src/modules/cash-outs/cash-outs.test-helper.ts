import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ensureHouseholdForUser } from '../households/household.service';
import { payEventPoints } from '../points/points.service';

/** Pays a member event points through the real ledger path, so they have something to cash out. */
export async function fundMember(db: Db, userId: string, points: number): Promise<string> {
  const household = await ensureHouseholdForUser(db, userId);
  await db.transaction((tx) => payEventPoints(tx, household.id, points, `test-fund:${randomUUID()}`, 'event_reward', { eventId: randomUUID() }));
  return household.id;
}

export async function balanceOf(db: Db, householdId: string): Promise<number> {
  const [row] = rowsOf<{ b: number }>(await db.execute(sql`select coalesce((select sum(e.amount) from points_entries e join points_accounts a on a.id = e.account_id where a.kind = 'member' and a.household_id = ${householdId}::uuid), 0)::int as b`));
  return row!.b;
}

export async function countRows(db: Db, table: 'cash_outs' | 'points_transfers' | 'payout_outbox' | 'points_adjustments' | 'durable_jobs'): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
  return row!.n;
}
