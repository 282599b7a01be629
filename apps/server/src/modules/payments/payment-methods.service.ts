import { PAYMENT_MESSAGES, type PaymentMethod } from '@peakwise/contracts/payments.contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { PaymentProcessor } from './payment-processor';
import { deletePaymentMethod, findPaymentMethod, householdPaymentMethods, insertPaymentMethod, setDefaultPaymentMethod, type PaymentMethodRow } from './payment-methods.repository';

/** Saved cards (decision 048): only a processor token and what may be shown are ever kept. */

export function paymentMethodView(row: PaymentMethodRow): PaymentMethod {
  return { id: row.id, brand: row.brand as PaymentMethod['brand'], last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, isDefault: row.isDefault };
}

/** Saves a card the processor tokenized; a token the processor does not know is refused. */
export async function addPaymentMethod(tx: DbOrTx, processor: PaymentProcessor, householdId: string, token: string): Promise<PaymentMethod> {
  const card = await processor.card(tx, token);
  if (!card) throw new AppError(400, 'invalid_token', PAYMENT_MESSAGES.badToken);
  const id = await insertPaymentMethod(tx, { householdId, processor: processor.name, processorToken: token, ...card });
  if (!id) throw new AppError(400, 'invalid_token', PAYMENT_MESSAGES.badToken);
  return paymentMethodView((await findPaymentMethod(tx, householdId, id))!);
}

export async function listPaymentMethods(db: DbOrTx, householdId: string): Promise<PaymentMethod[]> {
  return (await householdPaymentMethods(db, householdId)).map(paymentMethodView);
}

async function ownMethod(tx: DbOrTx, householdId: string, id: string): Promise<PaymentMethodRow> {
  const method = await findPaymentMethod(tx, householdId, id);
  if (!method) throw new AppError(404, 'method_not_found', PAYMENT_MESSAGES.methodNotFound);
  return method;
}

export async function makeDefaultPaymentMethod(tx: DbOrTx, householdId: string, id: string): Promise<PaymentMethod[]> {
  await ownMethod(tx, householdId, id);
  await setDefaultPaymentMethod(tx, householdId, id);
  return listPaymentMethods(tx, householdId);
}

export async function removePaymentMethod(tx: DbOrTx, householdId: string, id: string): Promise<PaymentMethod[]> {
  await ownMethod(tx, householdId, id);
  await deletePaymentMethod(tx, householdId, id);
  return listPaymentMethods(tx, householdId);
}
