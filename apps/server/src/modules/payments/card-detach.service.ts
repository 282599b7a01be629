import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { setAutopay } from './autopay.repository';
import { deleteHouseholdPaymentMethods } from './payment-methods.repository';
import type { PaymentProcessor, ProcessorName } from './payment-processor';

export const CARD_DETACH_JOB = 'payments.detach-card';

/**
 * Turns auto-pay off and removes the household's saved cards in the caller's transaction, and
 * schedules one durable job per card to detach it at the processor once that transaction has
 * committed (decision 079): a network call to Stripe inside it would hold the erasure's locks,
 * and a rolled-back erasure must not have detached anything.
 */
export async function removeHouseholdCards(tx: DbOrTx, householdId: string, now: Date): Promise<number> {
  await setAutopay(tx, householdId, false, now);
  const cards = await deleteHouseholdPaymentMethods(tx, householdId);
  for (const card of cards) {
    await scheduleJob(tx, { name: CARD_DETACH_JOB, key: `detach-card:${card.processor}:${card.processorToken}`, runAt: now, payload: { processor: card.processor, token: card.processorToken } });
  }
  return cards.length;
}

/** The job: the processor forgets the card. A card of another processor than the one configured is left to it (logged by the worker as an error). */
export async function detachCard(db: DbOrTx, processor: PaymentProcessor, payload: Record<string, unknown>): Promise<void> {
  const { processor: name, token } = payload as { processor?: ProcessorName; token?: unknown };
  if (typeof token !== 'string') throw new Error('Card detach job without its token');
  if (name !== processor.name) throw new Error(`Card detach job for the ${String(name)} processor, but ${processor.name} is configured`);
  await processor.detach(db, token);
}
