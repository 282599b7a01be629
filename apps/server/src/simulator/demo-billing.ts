import type { Db, DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { sql } from 'drizzle-orm';
import { catchUpStatements } from '../modules/billing/statements.service';
import { addPaymentMethod, listPaymentMethods } from '../modules/payments/payment-methods.service';
import { latestStatementId } from '../modules/payments/payments.repository';
import { payNow, settlePayment } from '../modules/payments/payments.service';
import { createSandboxProcessor, tokenizeSandboxCard } from '../modules/payments/sandbox-processor';
import { signPayload } from '../modules/payments/webhook-signature';

/** The sandbox's test card that succeeds. */
const DEMO_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const PAID_AFTER_ISSUE_MS = 3 * 24 * 3_600_000;

/**
 * The demo household's statements for its back-filled months, issued by the same service as the
 * monthly job once the back-fill is stored (a statement on a half-stored month would bill part of
 * it and carry the rest as an adjustment). Months already issued are left as they are.
 *
 * So that every status is real (decision 048), each month but the last two is paid in full
 * before the next is issued, the one before the last is paid half (it is past its due date:
 * Overdue), and the last is left Due. Payments go through the sandbox processor's own path: a
 * tokenized test card, Pay now, and the signed webhook's event, verified and settled.
 */
export async function issueDemoStatements(db: Db, householdId: string, now: Date, webhookSecret: string): Promise<number> {
  const processor = createSandboxProcessor({ webhookSecret });
  return db.transaction((tx) =>
    catchUpStatements(tx, householdId, now, (month, issuedAt) =>
      // Paid a few days after its issue, as a member would, so no statement carries a payment dated after it.
      payDemoMonth(tx, processor, householdId, month, now, new Date(Math.min(now.getTime(), issuedAt.getTime() + PAID_AFTER_ISSUE_MS)), webhookSecret),
    ),
  );
}

async function payDemoMonth(tx: DbOrTx, processor: ReturnType<typeof createSandboxProcessor>, householdId: string, month: string, now: Date, paidAt: Date, secret: string) {
  const [statement] = rowsOf<{ id: string; amountDueCents: number; periodStart: string; last: boolean; beforeLast: boolean }>(
    await tx.execute(sql`
      select s.id, s.amount_due_cents as "amountDueCents", s.period_start::text as "periodStart",
        s.period_start >= date_trunc('month', (${now.toISOString()}::timestamptz at time zone h.time_zone) - interval '1 month')::date as last,
        s.period_start = date_trunc('month', (${now.toISOString()}::timestamptz at time zone h.time_zone) - interval '2 month')::date as "beforeLast"
      from statements s join households h on h.id = s.household_id
      where s.household_id = ${householdId}::uuid and s.period_start = ${`${month}-01`}::date`),
  );
  // Only the month just issued is payable: one issued before (a restart) has been paid or left as it was.
  if (!statement || statement.last || statement.amountDueCents <= 0 || (await latestStatementId(tx, householdId)) !== statement.id) return;
  const amountCents = statement.beforeLast ? Math.max(1, Math.floor(statement.amountDueCents / 2)) : statement.amountDueCents;
  let card = (await listPaymentMethods(tx, householdId)).find((m) => m.isDefault);
  if (!card) {
    const token = await tokenizeSandboxCard(tx, DEMO_CARD, paidAt);
    card = await addPaymentMethod(tx, processor, householdId, token.token);
  }
  const { payment } = await payNow(tx, processor, householdId, { amountCents, paymentMethodId: card.id, statementId: statement.id }, `demo-${statement.id}`, paidAt);
  const body = JSON.stringify({ id: `evt_demo_${payment.id}`, type: 'charge.succeeded', data: { reference: payment.processorReference, amountCents } });
  const event = processor.verifyWebhook(body, signPayload(secret, body, paidAt), paidAt);
  if (event && event !== 'ignored') await settlePayment(tx, { processor, publicUrl: '' }, event, paidAt);
}
