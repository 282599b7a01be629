import type { CardToken, NextAction, PaymentFailureCode } from '@peakwise/contracts/payments.contract';
import type { DbOrTx } from '../../db/client';

/**
 * What Peakwise asks of a card processor (decision 048). Two implementations: the embedded
 * sandbox (the default) and Stripe. Both take the card through their own tokenizer, charge a
 * token under an idempotency key, and confirm a charge later by a signed webhook.
 */

export type DeclineCode = 'insufficient_funds' | 'expired_card' | 'authentication_required' | 'declined';

/**
 * A charge is being processed (the webhook will say how it ended), waits for the member to
 * confirm it with their bank (3-D Secure, decision 055: the webhook follows the answer), or was
 * refused at once.
 */
export type ChargeResult =
  | { outcome: 'processing'; reference: string }
  | { outcome: 'requires_action'; reference: string; nextAction: NextAction }
  | { outcome: 'declined'; code: DeclineCode };

/** What a verified webhook reports about one charge. */
export type ProcessorEvent = { id: string; reference: string; outcome: 'succeeded' | 'failed'; code: PaymentFailureCode | null };

export type ProcessorName = 'sandbox' | 'stripe';

export type PaymentProcessor = {
  name: ProcessorName;
  /** What may be shown of a tokenized card; null for a token the processor does not know. */
  card(db: DbOrTx, token: string): Promise<Omit<CardToken, 'token'> | null>;
  /**
   * Charges a token once per idempotency key: the same key again answers the first charge.
   * Off-session (auto-pay) nobody is there to authenticate, so a card that needs it is declined.
   */
  charge(db: DbOrTx, request: { token: string; amountCents: number; idempotencyKey: string; paymentId: string; offSession: boolean; now: Date }): Promise<ChargeResult>;
  /**
   * Forgets a saved card at the processor, so its token can never be charged again (an erased
   * account, decision 079). A token the processor no longer knows counts as detached.
   */
  detach(db: DbOrTx, token: string): Promise<void>;
  /** The event of a webhook whose signature holds (`ignored` for a kind Peakwise does not use); null otherwise. */
  verifyWebhook(rawBody: string, signature: string | undefined, now: Date): ProcessorEvent | 'ignored' | null;
};
