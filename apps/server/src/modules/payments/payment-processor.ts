import type { CardToken } from '@peakwise/contracts/payments.contract';
import type { DbOrTx } from '../../db/client';

/**
 * What Peakwise asks of a card processor (decision 048). Two implementations: the embedded
 * sandbox (the default) and Stripe. Both take the card through their own tokenizer, charge a
 * token under an idempotency key, and confirm a charge later by a signed webhook.
 */

export type DeclineCode = 'insufficient_funds' | 'expired_card' | 'authentication_required' | 'declined';

/** A charge is either being processed (the webhook will say how it ended) or refused at once. */
export type ChargeResult = { outcome: 'processing'; reference: string } | { outcome: 'declined'; code: DeclineCode };

/** What a verified webhook reports about one charge. */
export type ProcessorEvent = { id: string; reference: string; outcome: 'succeeded' | 'failed'; code: DeclineCode | null };

export type ProcessorName = 'sandbox' | 'stripe';

export type PaymentProcessor = {
  name: ProcessorName;
  /** What may be shown of a tokenized card; null for a token the processor does not know. */
  card(db: DbOrTx, token: string): Promise<Omit<CardToken, 'token'> | null>;
  /** Charges a token once per idempotency key: the same key again answers the first charge. */
  charge(db: DbOrTx, request: { token: string; amountCents: number; idempotencyKey: string; paymentId: string; now: Date }): Promise<ChargeResult>;
  /** The event of a webhook whose signature holds (`ignored` for a kind Peakwise does not use); null otherwise. */
  verifyWebhook(rawBody: string, signature: string | undefined, now: Date): ProcessorEvent | 'ignored' | null;
};
