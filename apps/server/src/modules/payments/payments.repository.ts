import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { NextAction, PaymentFailureCode } from '@peakwise/contracts/payments.contract';
import type { ProcessorName } from './payment-processor';

/* The SQL of card payments and saved cards (decision 048). */

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type PaymentRow = {
  id: string;
  householdId: string;
  statementId: string | null;
  paymentMethodId: string | null;
  amountCents: number;
  processor: ProcessorName;
  processorReference: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  cardBrand: string;
  cardLast4: string;
  createdAt: string;
  succeededAt: string | null;
  nextAction: NextAction | null;
  failureCode: PaymentFailureCode | null;
};

const paymentColumns = sql`p.id, p.household_id as "householdId", p.statement_id as "statementId", p.payment_method_id as "paymentMethodId",
  p.amount_cents as "amountCents", p.processor, p.processor_reference as "processorReference", p.status, p.card_brand as "cardBrand",
  p.card_last4 as "cardLast4", ${iso('p.created_at')} as "createdAt", ${iso('p.succeeded_at')} as "succeededAt",
  p.next_action as "nextAction", p.failure_code as "failureCode"`;

/** Inserts a pending payment unless the household already used the key; true when this call made it. */
export async function insertPayment(
  db: DbOrTx,
  row: { id: string; householdId: string; statementId: string | null; paymentMethodId: string; amountCents: number; processor: ProcessorName; idempotencyKey: string; cardBrand: string; cardLast4: string; now: Date },
): Promise<boolean> {
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into payments (id, household_id, statement_id, payment_method_id, amount_cents, processor, idempotency_key, card_brand, card_last4, created_at)
      values (${row.id}::uuid, ${row.householdId}::uuid, ${row.statementId}::uuid, ${row.paymentMethodId}::uuid, ${row.amountCents}, ${row.processor},
        ${row.idempotencyKey}, ${row.cardBrand}, ${row.cardLast4}, ${row.now.toISOString()}::timestamptz)
      on conflict (household_id, idempotency_key) do nothing returning id`),
  );
  return inserted.length === 1;
}

export async function findPaymentByKey(db: DbOrTx, householdId: string, idempotencyKey: string): Promise<PaymentRow | null> {
  const [row] = rowsOf<PaymentRow>(await db.execute(sql`select ${paymentColumns} from payments p where p.household_id = ${householdId}::uuid and p.idempotency_key = ${idempotencyKey}`));
  return row ?? null;
}

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  const [row] = rowsOf<PaymentRow>(await db.execute(sql`select ${paymentColumns} from payments p where p.id = ${id}::uuid`));
  return row ?? null;
}

/** Locked: one webhook delivery at a time settles a payment. */
export async function findPaymentByReference(db: DbOrTx, processor: ProcessorName, reference: string): Promise<PaymentRow | null> {
  const [row] = rowsOf<PaymentRow>(
    await db.execute(sql`select ${paymentColumns} from payments p where p.processor = ${processor} and p.processor_reference = ${reference} for update`),
  );
  return row ?? null;
}

export async function setProcessorReference(db: DbOrTx, id: string, reference: string): Promise<void> {
  await db.execute(sql`update payments set processor_reference = ${reference} where id = ${id}::uuid`);
}

/** The member's bank asks them to confirm the payment (decision 055): it waits with what they must do. */
export async function markPaymentRequiresAction(db: DbOrTx, id: string, nextAction: NextAction): Promise<void> {
  await db.execute(sql`update payments set status = 'requires_action', next_action = ${JSON.stringify(nextAction)}::jsonb where id = ${id}::uuid and status = 'pending'`);
}

/** Settles a payment not yet settled; what the member had to do is done, so its next action goes. */
export async function markPaymentSucceeded(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.execute(sql`
    update payments set status = 'succeeded', succeeded_at = ${now.toISOString()}::timestamptz, next_action = null
    where id = ${id}::uuid and status in ('pending', 'requires_action')`);
}

export async function markPaymentFailed(db: DbOrTx, id: string, failure: { code: PaymentFailureCode; reason: string }, now: Date): Promise<void> {
  await db.execute(sql`
    update payments set status = 'failed', failure_code = ${failure.code}, failure_reason = ${failure.reason}, failed_at = ${now.toISOString()}::timestamptz, next_action = null
    where id = ${id}::uuid and status in ('pending', 'requires_action')`);
}

export async function householdPayments(db: DbOrTx, householdId: string, limit: number): Promise<PaymentRow[]> {
  return rowsOf<PaymentRow>(await db.execute(sql`select ${paymentColumns} from payments p where p.household_id = ${householdId}::uuid order by p.created_at desc, p.id limit ${limit}`));
}

/** Succeeded payments against each of the given statements, in cents. */
export async function paidByStatement(db: DbOrTx, statementIds: readonly string[]): Promise<Map<string, number>> {
  if (statementIds.length === 0) return new Map();
  const rows = rowsOf<{ statementId: string; paid: number }>(
    await db.execute(sql`
      select statement_id as "statementId", sum(amount_cents)::int as paid from payments
      where status = 'succeeded' and statement_id in (${sql.join(statementIds.map((id) => sql`${id}::uuid`), sql`, `)})
      group by statement_id`),
  );
  return new Map(rows.map((r) => [r.statementId, r.paid]));
}

/** Succeeded payments made before the household had any statement: a credit for its first. */
export async function paidBeforeFirstStatement(db: DbOrTx, householdId: string): Promise<number> {
  const [row] = rowsOf<{ paid: number }>(
    await db.execute(sql`select coalesce(sum(amount_cents), 0)::int as paid from payments where household_id = ${householdId}::uuid and statement_id is null and status = 'succeeded'`),
  );
  return row?.paid ?? 0;
}

/** Succeeded payments against one statement, oldest first. */
export async function statementPayments(db: DbOrTx, statementId: string): Promise<{ at: string; amountCents: number }[]> {
  return rowsOf(
    await db.execute(sql`
      select ${iso('p.succeeded_at')} as at, p.amount_cents as "amountCents" from payments p
      where p.statement_id = ${statementId}::uuid and p.status = 'succeeded' order by p.succeeded_at, p.id`),
  );
}

/** The household's latest statement, or one of its own by id. */
export async function latestStatementId(db: DbOrTx, householdId: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from statements where household_id = ${householdId}::uuid order by period_start desc limit 1`));
  return row?.id ?? null;
}

export async function ownStatementExists(db: DbOrTx, householdId: string, id: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from statements where household_id = ${householdId}::uuid and id = ${id}::uuid`));
  return rows.length === 1;
}
