import type { Logger } from '../../lib/logger';
import type { DbOrTx } from '../../db/client';
import { recordedPayout, recordPayout } from './payout-outbox.repository';

export type Payout = { cashOutId: string; email: string; amountCents: number; idempotencyKey: string };

/** What became of a payout: taken (sent), or refused for good with the provider's reason. */
export type PayoutResult = { outcome: 'sent'; providerId: string | null } | { outcome: 'failed'; reason: string };

export type PayoutSender = {
  kind: 'outbox' | 'http';
  /**
   * Hands the payout over and records it in `executor` (the caller's transaction). Throws when
   * the provider cannot be reached or answers "try again" (5xx, 408, 429), with nothing recorded.
   */
  send(executor: DbOrTx, payout: Payout): Promise<PayoutResult>;
};

const PROVIDER_TIMEOUT_MS = 10_000;
const RETRYABLE = new Set([408, 425, 429]);

/**
 * Without PAYOUT_PROVIDER_URL the payout_outbox table is the delivery: the durable send job
 * writes one row per cash-out and that is the e-Transfer handed over. With it, each payout is
 * POSTed as JSON `{email, amountCents, currency, reference}` with `Authorization: Bearer` and
 * `Idempotency-Key`; a 2xx is sent, a 4xx a refusal (its `reason` kept), anything else is retried
 * with the same key, so a provider that honours it never pays twice (decision 041).
 */
export function createPayoutSender(options: { providerUrl?: string | undefined; providerToken?: string | undefined; logger: Logger }): PayoutSender {
  const { providerUrl, providerToken, logger } = options;
  if (!providerUrl) {
    return {
      kind: 'outbox',
      async send(executor, payout) {
        await recordPayout(executor, { ...payout, providerId: null });
        logger.info({ cashOutId: payout.cashOutId }, 'Payout written to the outbox');
        return { outcome: 'sent', providerId: null };
      },
    };
  }
  return {
    kind: 'http',
    async send(executor, payout) {
      const recorded = await recordedPayout(executor, payout.cashOutId);
      if (recorded) return { outcome: 'sent', providerId: recorded.providerId };
      const res = await fetch(providerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': payout.idempotencyKey, ...(providerToken ? { authorization: `Bearer ${providerToken}` } : {}) },
        body: JSON.stringify({ email: payout.email, amountCents: payout.amountCents, currency: 'CAD', reference: payout.cashOutId }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const text = await res.text();
      let body: { id?: unknown; reason?: unknown } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // A provider that answers without JSON still answered; its status decides.
      }
      if (res.status >= 400 && res.status < 500 && !RETRYABLE.has(res.status)) {
        const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim().slice(0, 500) : `The payout provider refused the transfer (${res.status}).`;
        logger.warn({ cashOutId: payout.cashOutId, status: res.status }, 'Payout refused by the provider');
        return { outcome: 'failed', reason };
      }
      if (!res.ok) throw new Error(`Payout provider answered ${res.status}: ${text.slice(0, 200)}`);
      const providerId = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : null;
      await recordPayout(executor, { ...payout, providerId });
      logger.info({ cashOutId: payout.cashOutId, providerId }, 'Payout sent');
      return { outcome: 'sent', providerId };
    },
  };
}
