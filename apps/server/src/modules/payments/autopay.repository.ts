import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/* Auto-pay's SQL (decision 048). */

export async function autopayEnabled(db: DbOrTx, householdId: string): Promise<boolean> {
  const [row] = rowsOf<{ enabled: boolean }>(await db.execute(sql`select enabled from autopay_settings where household_id = ${householdId}::uuid`));
  return row?.enabled ?? false;
}

export async function setAutopay(db: DbOrTx, householdId: string, enabled: boolean, now: Date): Promise<void> {
  await db.execute(sql`
    insert into autopay_settings (household_id, enabled, updated_at) values (${householdId}::uuid, ${enabled}, ${now.toISOString()}::timestamptz)
    on conflict (household_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`);
}

export type AutopayCandidate = { householdId: string; statementId: string };

/**
 * Households with auto-pay on whose latest statement falls due today or fell due yesterday in
 * their own zone (a day's grace for a server that was down at the time).
 */
export async function autopayCandidates(db: DbOrTx, now: Date): Promise<AutopayCandidate[]> {
  return rowsOf<AutopayCandidate>(
    await db.execute(sql`
      select h.id as "householdId", s.id as "statementId"
      from autopay_settings a
      join households h on h.id = a.household_id
      join lateral (select id, due_date from statements where household_id = h.id order by period_start desc limit 1) s on true
      where a.enabled
        and s.due_date between (${now.toISOString()}::timestamptz at time zone h.time_zone)::date - 1 and (${now.toISOString()}::timestamptz at time zone h.time_zone)::date`),
  );
}

/**
 * What a statement still asks for: its amount due less payments against it that succeeded or
 * are still being processed (a pending one must not be charged again). Null when it is not the
 * household's latest statement.
 */
export async function owedOnLatest(db: DbOrTx, householdId: string, statementId: string): Promise<number | null> {
  const [row] = rowsOf<{ owed: number; latest: boolean }>(
    await db.execute(sql`
      select s.amount_due_cents - coalesce((select sum(p.amount_cents) from payments p where p.statement_id = s.id and p.status in ('pending', 'requires_action', 'succeeded')), 0)::int as owed,
        s.id = (select id from statements where household_id = s.household_id order by period_start desc limit 1) as latest
      from statements s where s.id = ${statementId}::uuid and s.household_id = ${householdId}::uuid`),
  );
  return row && row.latest ? row.owed : null;
}

export async function defaultPaymentMethodId(db: DbOrTx, householdId: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from payment_methods where household_id = ${householdId}::uuid and is_default = 1`));
  return row?.id ?? null;
}
