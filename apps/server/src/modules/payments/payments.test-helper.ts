import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { catchUpStatements } from '../billing/statements.service';
import { memberWithHousehold, store } from '../energy/energy.test-helper';
import { changeTariff } from '../households/household.service';
import type { Household } from '../households/household.repository';
import { startSandboxWebhookSender } from './sandbox-webhook-sender';
import { createLogger } from '../../lib/logger';

/**
 * A member on Ontario time-of-use from October 1, 2025, with a reading every day at local noon
 * (6 kWh imported) through November: October's statement is issued on November 1.
 */
export async function memberWithStatement(t: TestApp, now: Date): Promise<{ member: Member; household: Household }> {
  const { member, household } = await memberWithHousehold(t);
  await changeTariff(t.database.db, household.id, 'on-tou', '2025-10-01');
  const meter = [];
  for (let ms = Date.parse('2025-10-01T16:00:00Z'); ms < Date.parse('2025-12-01T00:00:00Z'); ms += 86_400_000) {
    meter.push({ ts: new Date(ms).toISOString(), productionKwh: 0, consumptionKwh: 6, gridImportKwh: 6, gridExportKwh: 0 });
  }
  await store(t.database.db, household.id, { meter });
  await t.database.db.transaction((tx) => catchUpStatements(tx, household.id, now));
  return { member, household };
}

export type StatementRow = { id: string; periodStart: string; previousBalanceCents: number; chargesCents: number; amountDueCents: number };

export async function statementRows(db: Db, householdId: string): Promise<StatementRow[]> {
  return rowsOf<StatementRow>(
    await db.execute(sql`
      select id, period_start::text as "periodStart", previous_balance_cents as "previousBalanceCents", charges_cents as "chargesCents", amount_due_cents as "amountDueCents"
      from statements where household_id = ${householdId}::uuid order by period_start`),
  );
}

export async function count(db: Db, table: 'payments' | 'payment_methods' | 'sandbox_card_tokens' | 'sandbox_charges' | 'email_outbox', where = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`));
  return row!.n;
}

/** The browser's two steps: the card to the sandbox's tokenizer, then the token to Peakwise. */
export async function addCard(t: TestApp, who: Member, number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) {
  const tokenRes = await t.app.request('/api/sandbox-processor/tokens', {
    method: 'POST',
    headers: asMember(who),
    body: JSON.stringify({ number, expMonth: extra.expMonth ?? 12, expYear: extra.expYear ?? 2030, cvc: extra.cvc ?? '123' }),
  });
  if (tokenRes.status !== 201) throw new Error(`tokenize ${tokenRes.status} ${await tokenRes.text()}`);
  const { token } = (await tokenRes.json()) as { token: string };
  const res = await t.app.request('/api/billing/payment-methods', { method: 'POST', headers: asMember(who), body: JSON.stringify({ token }) });
  if (res.status !== 201) throw new Error(`add card ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; isDefault: boolean; last4: string; brand: string };
}

/** The sandbox's webhook sender, posting to the app in-process; its `deliverDue` delivers what is owed. */
export function webhookSender(t: TestApp, clock: () => Date, posted: { body: string; headers: Record<string, string> }[] = []) {
  return startSandboxWebhookSender({
    db: t.database.db,
    secret: t.config.payments.sandboxWebhookSecret,
    logger: createLogger({ level: 'silent' }),
    clock,
    post: async (body, headers) => {
      posted.push({ body, headers });
      return (await t.app.request('/api/payments/webhook', { method: 'POST', headers, body })).status;
    },
  });
}
