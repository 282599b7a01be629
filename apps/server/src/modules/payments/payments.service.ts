import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, type CreatePayment, type Payment, type PaymentFailureCode } from '@peakwise/contracts/payments.contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Mailer, RecordedEmail } from '../email/mailer';
import { paymentReceiptTemplate } from '../email/templates/payment-receipt.template';
import { getHousehold } from '../households/household.repository';
import { householdContact } from '../prize-draws/prize-draws.repository';
import type { PaymentProcessor, ProcessorEvent } from './payment-processor';
import { findPaymentMethod } from './payment-methods.repository';
import {
  findPayment,
  findPaymentByKey,
  findPaymentByReference,
  insertPayment,
  latestStatementId,
  markPaymentFailed,
  markPaymentRequiresAction,
  markPaymentSucceeded,
  ownStatementExists,
  setProcessorReference,
  type PaymentRow,
} from './payments.repository';

/** Card payments of statements (decision 048). */

export const DECLINE_MESSAGES: Record<PaymentFailureCode, string> = {
  insufficient_funds: PAYMENT_MESSAGES.insufficientFunds,
  expired_card: PAYMENT_MESSAGES.expiredCard,
  authentication_required: PAYMENT_MESSAGES.authenticationRequired,
  declined: PAYMENT_MESSAGES.declined,
  authentication_failed: PAYMENT_MESSAGES.authenticationFailed,
  authentication_expired: PAYMENT_MESSAGES.authenticationExpired,
};

export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    statementId: row.statementId,
    amountCents: row.amountCents,
    status: row.status,
    brand: row.cardBrand as Payment['brand'],
    last4: row.cardLast4,
    createdAt: row.createdAt,
    succeededAt: row.succeededAt,
    nextAction: row.status === 'requires_action' ? row.nextAction : null,
    failureCode: row.status === 'failed' ? row.failureCode : null,
  };
}

/** The statement a payment is for: the one named (it must be the latest, which carries every earlier balance), or the latest. */
async function statementToPay(tx: DbOrTx, householdId: string, named: string | undefined): Promise<string | null> {
  const latest = await latestStatementId(tx, householdId);
  if (named === undefined) return latest;
  if (!(await ownStatementExists(tx, householdId, named))) throw new AppError(404, 'statement_not_found', PAYMENT_MESSAGES.statementNotFound);
  if (named !== latest) throw new AppError(409, 'statement_replaced', PAYMENT_MESSAGES.statementReplaced);
  return named;
}

/**
 * Pay now, in one transaction: the payment is written pending under the member's key, then the
 * processor charges the card under the payment's own key. A decline throws, so the transaction
 * rolls back and nothing is left behind. The same key again (a double click, a retry, a second
 * tab) finds the first payment: in parallel on PostgreSQL the second insert waits on the first's
 * key, then does nothing.
 */
export async function payNow(
  tx: DbOrTx,
  processor: PaymentProcessor,
  householdId: string,
  input: CreatePayment,
  idempotencyKey: string,
  now: Date,
  options: { offSession?: boolean } = {},
): Promise<{ payment: PaymentRow; created: boolean }> {
  const again = async () => {
    const existing = await findPaymentByKey(tx, householdId, idempotencyKey);
    if (!existing) return null;
    if (existing.amountCents !== input.amountCents || existing.paymentMethodId !== input.paymentMethodId) throw new AppError(409, 'key_reused', PAYMENT_MESSAGES.keyReused);
    return { payment: existing, created: false };
  };
  const first = await again();
  if (first) return first;
  const method = await findPaymentMethod(tx, householdId, input.paymentMethodId);
  if (!method) throw new AppError(404, 'method_not_found', PAYMENT_MESSAGES.methodNotFound);
  const statementId = await statementToPay(tx, householdId, input.statementId);
  const id = randomUUID();
  const inserted = await insertPayment(tx, {
    id,
    householdId,
    statementId,
    paymentMethodId: method.id,
    amountCents: input.amountCents,
    processor: processor.name,
    idempotencyKey,
    cardBrand: method.brand,
    cardLast4: method.last4,
    now,
  });
  if (!inserted) {
    const raced = await again();
    if (!raced) throw new Error(`Payment key ${idempotencyKey} is taken but has no payment`);
    return raced;
  }
  const result = await processor.charge(tx, {
    token: method.processorToken,
    amountCents: input.amountCents,
    idempotencyKey: `payment:${id}`,
    paymentId: id,
    offSession: options.offSession ?? false,
    now,
  });
  if (result.outcome === 'declined') throw new AppError(402, result.code, DECLINE_MESSAGES[result.code]);
  await setProcessorReference(tx, id, result.reference);
  // 3-D Secure (decision 055): the payment waits for the member's bank; the webhook settles it as any other.
  if (result.outcome === 'requires_action') await markPaymentRequiresAction(tx, id, result.nextAction);
  return { payment: (await findPayment(tx, id))!, created: true };
}

/**
 * A verified processor event settles its payment once: a replay, or an event for a payment
 * already settled, finds it so (the row is locked) and changes nothing. A success records the
 * receipt email in the same transaction; the caller delivers it after the commit.
 */
export async function settlePayment(
  tx: DbOrTx,
  deps: { processor: PaymentProcessor; mailer?: Mailer | undefined; publicUrl: string },
  event: ProcessorEvent,
  now: Date,
): Promise<{ payment: PaymentRow | null; receipt: RecordedEmail | null }> {
  const payment = await findPaymentByReference(tx, deps.processor.name, event.reference);
  if (!payment || (payment.status !== 'pending' && payment.status !== 'requires_action')) return { payment, receipt: null };
  if (event.outcome === 'failed') {
    const code = event.code ?? 'declined';
    await markPaymentFailed(tx, payment.id, { code, reason: DECLINE_MESSAGES[code] }, now);
    return { payment: await findPayment(tx, payment.id), receipt: null };
  }
  await markPaymentSucceeded(tx, payment.id, now);
  let receipt: RecordedEmail | null = null;
  const contact = await householdContact(tx, payment.householdId);
  if (contact && deps.mailer) {
    const timeZone = (await getHousehold(tx, payment.householdId))?.timeZone ?? 'America/Toronto';
    const body = paymentReceiptTemplate(contact.language, {
      name: contact.name,
      amountCents: payment.amountCents,
      brand: payment.cardBrand,
      last4: payment.cardLast4,
      paidAt: now,
      timeZone,
      reference: payment.id,
      billingUrl: `${deps.publicUrl}/app/billing`,
    });
    receipt = await deps.mailer.record({ to: contact.email, kind: 'payment-receipt', language: contact.language, ...body }, tx);
  }
  return { payment: await findPayment(tx, payment.id), receipt };
}
