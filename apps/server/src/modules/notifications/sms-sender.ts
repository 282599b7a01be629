import type { DbOrTx } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { recordSms, smsRecorded } from './sms-outbox.repository';

export type OutgoingSms = {
  /** E.164, e.g. +14165550123. */
  to: string;
  body: string;
  purpose: 'event_notification' | 'phone_verification' | 'bill_reminder';
  /** The delivery row's id (or the verification's): the provider and the outbox both refuse a second message with it. */
  idempotencyKey: string;
  /** Text kept out of the record once a provider has the message (a verification code). */
  secret?: string;
};

export type SmsSender = {
  kind: 'outbox' | 'http';
  /**
   * Hands the message over and records it in `executor` (the caller's transaction). Throws when
   * the provider refuses, with nothing recorded, so the caller can retry.
   */
  send(executor: DbExecutorLike, sms: OutgoingSms): Promise<{ providerId: string | null }>;
};
type DbExecutorLike = DbOrTx;

const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Without SMS_PROVIDER_URL the sms_outbox table is the delivery (like the email outbox): a
 * message is recorded once per idempotency key, and that is all. With it, each message is
 * POSTed as JSON `{to, body}` with `Authorization: Bearer <token>` and `Idempotency-Key`, and
 * the answer's `id` is kept. A retry after a crash carries the same key, so a provider that
 * honours it (most do) sends nothing new.
 */
export function createSmsSender(options: { providerUrl?: string | undefined; providerToken?: string | undefined; logger: Logger }): SmsSender {
  const { providerUrl, providerToken, logger } = options;
  if (!providerUrl) {
    return {
      kind: 'outbox',
      async send(executor, sms) {
        await recordSms(executor, { to: sms.to, body: sms.body, purpose: sms.purpose, idempotencyKey: sms.idempotencyKey, providerId: null });
        logger.info({ purpose: sms.purpose }, 'SMS written to the outbox');
        return { providerId: null };
      },
    };
  }
  return {
    kind: 'http',
    async send(executor, sms) {
      if (await smsRecorded(executor, sms.idempotencyKey)) return { providerId: null };
      const res = await fetch(providerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': sms.idempotencyKey, ...(providerToken ? { authorization: `Bearer ${providerToken}` } : {}) },
        body: JSON.stringify({ to: sms.to, body: sms.body }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}: ${text.slice(0, 200)}`);
      let providerId: string | null = null;
      try {
        const parsed = JSON.parse(text) as { id?: unknown };
        providerId = typeof parsed.id === 'string' || typeof parsed.id === 'number' ? String(parsed.id) : null;
      } catch {
        // A provider that answers 2xx without JSON still took the message.
      }
      const body = sms.secret ? sms.body.split(sms.secret).join('[code removed]') : sms.body;
      await recordSms(executor, { to: sms.to, body, purpose: sms.purpose, idempotencyKey: sms.idempotencyKey, providerId });
      logger.info({ purpose: sms.purpose, providerId }, 'SMS sent');
      return { providerId };
    },
  };
}
