import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type PayoutRecord = { cashOutId: string; email: string; amountCents: number; idempotencyKey: string; providerId: string | null };

/** False when this payout is already recorded: a cash-out is never handed over twice. */
export async function recordPayout(db: DbOrTx, payout: PayoutRecord): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into payout_outbox (cash_out_id, email, amount_cents, idempotency_key, provider_id)
      values (${payout.cashOutId}::uuid, ${payout.email}, ${payout.amountCents}, ${payout.idempotencyKey}, ${payout.providerId})
      on conflict do nothing returning id`),
  );
  return rows.length === 1;
}

export async function recordedPayout(db: DbOrTx, cashOutId: string): Promise<{ providerId: string | null } | null> {
  const [row] = rowsOf<{ providerId: string | null }>(await db.execute(sql`select provider_id as "providerId" from payout_outbox where cash_out_id = ${cashOutId}::uuid`));
  return row ?? null;
}
