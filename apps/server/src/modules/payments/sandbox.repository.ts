import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/* The embedded sandbox processor's own tables (decision 048): its vault and its charges. */

export type SandboxBehaviour = 'succeed' | 'insufficient_funds' | 'expired_card' | 'authentication_required';
export type SandboxCard = { brand: string; last4: string; expMonth: number; expYear: number; behaviour: SandboxBehaviour };

export async function insertSandboxToken(db: DbOrTx, token: string, card: SandboxCard): Promise<void> {
  await db.execute(sql`
    insert into sandbox_card_tokens (token, brand, last4, exp_month, exp_year, behaviour)
    values (${token}, ${card.brand}, ${card.last4}, ${card.expMonth}, ${card.expYear}, ${card.behaviour})`);
}

export async function findSandboxToken(db: DbOrTx, token: string): Promise<SandboxCard | null> {
  const [row] = rowsOf<SandboxCard>(
    await db.execute(sql`select brand, last4, exp_month as "expMonth", exp_year as "expYear", behaviour from sandbox_card_tokens where token = ${token}`),
  );
  return row ?? null;
}

/** The vault forgets a card; its past charges keep their records. */
export async function deleteSandboxToken(db: DbOrTx, token: string): Promise<void> {
  await db.execute(sql`delete from sandbox_card_tokens where token = ${token}`);
}

/**
 * One charge per idempotency key: the key again returns the first charge's reference. A charge
 * whose card needs 3-D Secure waits for the member's answer until `authenticationExpiresAt`
 * (decision 055), and no webhook is owed until then.
 */
export async function insertSandboxCharge(
  db: DbOrTx,
  charge: { reference: string; idempotencyKey: string; token: string; amountCents: number; now: Date; authenticationExpiresAt?: Date },
): Promise<string> {
  const expires = charge.authenticationExpiresAt?.toISOString() ?? null;
  await db.execute(sql`
    insert into sandbox_charges (reference, idempotency_key, token, amount_cents, created_at, next_attempt_at, authentication, authentication_expires_at)
    values (${charge.reference}, ${charge.idempotencyKey}, ${charge.token}, ${charge.amountCents}, ${charge.now.toISOString()}::timestamptz, ${charge.now.toISOString()}::timestamptz,
      ${expires === null ? null : 'required'}, ${expires}::timestamptz)
    on conflict (idempotency_key) do nothing`);
  const [row] = rowsOf<{ reference: string }>(await db.execute(sql`select reference from sandbox_charges where idempotency_key = ${charge.idempotencyKey}`));
  return row!.reference;
}

export type SandboxChallenge = {
  reference: string;
  amountCents: number;
  brand: string;
  last4: string;
  authentication: 'required' | 'approved' | 'failed' | 'expired';
  expiresAt: Date;
};

/** A charge's 3-D Secure challenge, with the card it is for; null when the charge needs none. */
export async function findSandboxChallenge(db: DbOrTx, reference: string): Promise<SandboxChallenge | null> {
  const [row] = rowsOf<Omit<SandboxChallenge, 'expiresAt'> & { expiresAt: string }>(
    await db.execute(sql`
      select c.reference, c.amount_cents as "amountCents", t.brand, t.last4, c.authentication, c.authentication_expires_at::text as "expiresAt"
      from sandbox_charges c join sandbox_card_tokens t on t.token = c.token
      where c.reference = ${reference} and c.authentication is not null`),
  );
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null;
}

/**
 * Answers a challenge still waiting, once: the webhook it now owes is due at once and reports
 * success for `approved`, failure otherwise. False when it was already answered (or expired).
 */
export async function answerSandboxChallenge(db: DbOrTx, reference: string, answer: 'approved' | 'failed' | 'expired', now: Date): Promise<boolean> {
  const failureCode = answer === 'approved' ? null : answer === 'failed' ? 'authentication_failed' : 'authentication_expired';
  const rows = rowsOf<{ reference: string }>(
    await db.execute(sql`
      update sandbox_charges set authentication = ${answer}, failure_code = ${failureCode}, next_attempt_at = ${now.toISOString()}::timestamptz
      where reference = ${reference} and authentication = 'required' returning reference`),
  );
  return rows.length === 1;
}

export type DueWebhook = { reference: string; amountCents: number; attempts: number; failureCode: 'authentication_failed' | 'authentication_expired' | null };

/** Charges whose webhook is owed and due, locked so two senders never post the same one at once. */
export async function dueSandboxWebhooks(db: DbOrTx, now: Date, limit: number): Promise<DueWebhook[]> {
  return rowsOf<DueWebhook>(
    await db.execute(sql`
      select reference, amount_cents as "amountCents", webhook_attempts as attempts, failure_code as "failureCode" from sandbox_charges
      where webhook_delivered_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        and authentication is distinct from 'required'
      order by next_attempt_at limit ${limit} for update skip locked`),
  );
}

/** Takes a webhook for one attempt: another sender leaves it alone until `until`. */
export async function leaseSandboxWebhook(db: DbOrTx, reference: string, until: Date): Promise<void> {
  await db.execute(sql`update sandbox_charges set next_attempt_at = ${until.toISOString()}::timestamptz, webhook_attempts = webhook_attempts + 1 where reference = ${reference}`);
}

export async function markSandboxWebhook(db: DbOrTx, reference: string, outcome: { deliveredAt: Date } | { retryAt: Date }): Promise<void> {
  await db.execute(
    'deliveredAt' in outcome
      ? sql`update sandbox_charges set webhook_delivered_at = ${outcome.deliveredAt.toISOString()}::timestamptz where reference = ${reference}`
      : sql`update sandbox_charges set next_attempt_at = ${outcome.retryAt.toISOString()}::timestamptz where reference = ${reference}`,
  );
}
