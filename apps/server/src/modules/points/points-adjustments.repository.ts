import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export async function insertAdjustment(db: DbOrTx, row: { householdId: string; transferId: string; points: number; reason: string; operatorId: string }): Promise<void> {
  await db.execute(sql`
    insert into points_adjustments (household_id, transfer_id, points, reason, operator_id)
    values (${row.householdId}::uuid, ${row.transferId}::uuid, ${row.points}, ${row.reason}, ${row.operatorId})`);
}

/** The adjustment recorded under a transfer key, if that key's transfer was an adjustment. */
export async function adjustmentByKey(db: DbOrTx, key: string): Promise<{ points: number; reason: string } | null> {
  const [row] = rowsOf<{ points: number; reason: string }>(
    await db.execute(sql`select a.points, a.reason from points_adjustments a join points_transfers t on t.id = a.transfer_id where t.idempotency_key = ${key}`),
  );
  return row ?? null;
}

export type MemberLookup = { householdId: string; email: string; name: string; balance: number };

/** Members whose sign-in email contains `query` (case-insensitive), with their household and balance. */
export async function findMembers(db: DbOrTx, query: string, limit: number): Promise<MemberLookup[]> {
  const pattern = `%${query.replace(/[\\%_]/g, '\\$&')}%`;
  return rowsOf<MemberLookup>(
    await db.execute(sql`
      select h.id as "householdId", u.email, u.name, coalesce(a.balance, 0)::int as balance
      from users u join households h on h.owner_user_id = u.id
      left join points_accounts a on a.kind = 'member' and a.household_id = h.id
      where u.email ilike ${pattern} order by u.email limit ${limit}`),
  );
}

export async function householdOwnerEmail(db: DbOrTx, householdId: string): Promise<{ email: string | null } | null> {
  const [row] = rowsOf<{ email: string | null }>(
    await db.execute(sql`select u.email from households h left join users u on u.id = h.owner_user_id where h.id = ${householdId}::uuid`),
  );
  return row ?? null;
}
