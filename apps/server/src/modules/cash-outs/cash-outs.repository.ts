import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type CashOutStatus = 'held' | 'pending' | 'sent' | 'failed';
export type CashOutRow = {
  id: string;
  householdId: string;
  points: number;
  email: string;
  status: CashOutStatus;
  failureReason: string | null;
  providerId: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  reviewedAt: string | null;
  memberEmail: string | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const columns = sql`c.id, c.household_id as "householdId", c.points, c.email, c.status, c.failure_reason as "failureReason", c.provider_id as "providerId",
  ${iso('c.created_at')} as "createdAt", ${iso('c.sent_at')} as "sentAt", ${iso('c.failed_at')} as "failedAt", ${iso('c.reviewed_at')} as "reviewedAt"`;

export async function insertCashOut(
  db: DbOrTx,
  row: { id: string; householdId: string; requestedBy: string; clientKey: string; points: number; email: string; status: 'held' | 'pending'; debitTransferId: string },
): Promise<void> {
  await db.execute(sql`
    insert into cash_outs (id, household_id, requested_by, client_key, points, email, status, debit_transfer_id)
    values (${row.id}::uuid, ${row.householdId}::uuid, ${row.requestedBy}, ${row.clientKey}, ${row.points}, ${row.email}, ${row.status}, ${row.debitTransferId}::uuid)`);
}

export async function findCashOutByClientKey(db: DbOrTx, householdId: string, clientKey: string): Promise<CashOutRow | null> {
  const [row] = rowsOf<CashOutRow>(await db.execute(sql`select ${columns}, null as "memberEmail" from cash_outs c where c.household_id = ${householdId}::uuid and c.client_key = ${clientKey}`));
  return row ?? null;
}

/** With `lock`, holds the row for the caller's transaction: one sender, reviewer or callback at a time. */
export async function findCashOut(db: DbOrTx, id: string, lock = false): Promise<CashOutRow | null> {
  const [row] = rowsOf<CashOutRow>(await db.execute(sql`select ${columns}, null as "memberEmail" from cash_outs c where c.id = ${id}::uuid ${lock ? sql`for update` : sql``}`));
  return row ?? null;
}

export async function householdCashOuts(db: DbOrTx, householdId: string, limit: number): Promise<CashOutRow[]> {
  return rowsOf<CashOutRow>(
    await db.execute(sql`select ${columns}, null as "memberEmail" from cash_outs c where c.household_id = ${householdId}::uuid order by c.created_at desc, c.id limit ${limit}`),
  );
}

/** The operator's queue: by status (oldest first, so nobody waits longest), with the member's sign-in email. */
export async function cashOutsForOps(db: DbOrTx, status: CashOutStatus | null, limit: number): Promise<CashOutRow[]> {
  return rowsOf<CashOutRow>(
    await db.execute(sql`
      select ${columns}, u.email as "memberEmail"
      from cash_outs c left join households h on h.id = c.household_id left join users u on u.id = h.owner_user_id
      where ${status}::text is null or c.status = ${status}
      order by c.created_at ${status === 'held' ? sql`asc` : sql`desc`}, c.id limit ${limit}`),
  );
}

export async function markCashOutSent(db: DbOrTx, id: string, providerId: string | null, now: Date): Promise<void> {
  await db.execute(sql`update cash_outs set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, provider_id = coalesce(${providerId}, provider_id) where id = ${id}::uuid`);
}

export async function markCashOutFailed(db: DbOrTx, id: string, reason: string, refundTransferId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update cash_outs set status = 'failed', failure_reason = ${reason}, refund_transfer_id = ${refundTransferId}::uuid, failed_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
}

export async function markCashOutReviewed(db: DbOrTx, id: string, operatorId: string, now: Date, approved: boolean): Promise<void> {
  await db.execute(sql`
    update cash_outs set reviewed_by = ${operatorId}, reviewed_at = ${now.toISOString()}::timestamptz ${approved ? sql`, status = 'pending'` : sql``}
    where id = ${id}::uuid`);
}

/** Who asked for a cash-out, in which language: the one its status emails go to, unless their account is being deleted. */
export async function cashOutContact(db: DbOrTx, cashOutId: string): Promise<{ email: string; name: string | null; language: string } | null> {
  const [row] = rowsOf<{ email: string; name: string | null; language: string }>(
    await db.execute(sql`select p.email, p.name, p.language from cash_outs c join profiles p on p.id = c.requested_by where c.id = ${cashOutId}::uuid and p.deleted_at is null`),
  );
  return row ?? null;
}

/** The household's cash-outs not yet handed to the provider (held or pending), locked for the caller's transaction. */
export async function lockOpenCashOuts(db: DbOrTx, householdId: string): Promise<CashOutRow[]> {
  return rowsOf<CashOutRow>(
    await db.execute(sql`select ${columns}, null as "memberEmail" from cash_outs c where c.household_id = ${householdId}::uuid and c.status in ('held', 'pending') order by c.id for update`),
  );
}

/**
 * Replaces the payout address on the household's cash-outs and on the payout outbox's copies of
 * them (decision 079): the amounts, dates and provider references stay as bookkeeping records.
 */
export async function pseudonymiseCashOutEmails(db: DbOrTx, householdId: string, email: string): Promise<void> {
  await db.execute(sql`update cash_outs set email = ${email} where household_id = ${householdId}::uuid and email <> ${email}`);
  await db.execute(sql`
    update payout_outbox o set email = ${email} from cash_outs c
    where c.id = o.cash_out_id and c.household_id = ${householdId}::uuid and o.email <> ${email}`);
}
