import { performance } from 'node:perf_hooks';
import { fetch, type Dispatcher } from 'undici';
import { WEBHOOK_HEADERS } from '@peakwise/contracts/member-api.contract';
import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { WEBHOOK_JOBS } from './webhook-announce';
import { literalAddressRefused, publicOnlyDispatcher, PrivateAddressError } from '../../lib/public-network';
import { signWebhook } from './webhook-signature';
import {
  fanOutEventResults,
  fanOutEventScheduled,
  fanOutStatements,
  insertAttempt,
  lockDelivery,
  setEndpointStatus,
  updateDelivery,
  type DeliveryToSend,
} from './webhooks.repository';

export type DeliveryPolicy = {
  /** Seconds to wait before each retry: attempts = retries + 1. */
  retryDelaysSeconds: readonly number[];
  timeoutMs: number;
  /**
   * May an endpoint be on this machine or a private network? Only where plain http://localhost
   * endpoints are allowed (WEBHOOK_ALLOW_LOCALHOST, never in production): local receivers in
   * development and tests.
   */
  allowPrivateNetworks: boolean;
};

let publicOnly: Dispatcher | undefined;

const deliveryKey = (deliveryId: string) => `webhooks:deliver:${deliveryId}`;

/** Queues the send job of each new delivery, due now. */
export async function queueDeliveries(tx: DbOrTx, deliveryIds: readonly string[], now: Date): Promise<void> {
  for (const id of deliveryIds) await scheduleJob(tx, { name: WEBHOOK_JOBS.deliver, key: deliveryKey(id), runAt: now, payload: { deliveryId: id } });
}

/** The fan-out job: one delivery per subscribed endpoint, and its send job, in one transaction. */
export async function fanOutAnnouncement(tx: DbOrTx, payload: Record<string, unknown>, now: Date): Promise<void> {
  const { type } = payload;
  let ids: string[];
  if ((type === 'event.scheduled' || type === 'event.result') && typeof payload.eventId === 'string') {
    ids = type === 'event.scheduled' ? await fanOutEventScheduled(tx, payload.eventId, now) : await fanOutEventResults(tx, payload.eventId, now);
  } else if (type === 'bill.issued' && typeof payload.periodStart === 'string' && Array.isArray(payload.householdIds) && payload.householdIds.every((id) => typeof id === 'string')) {
    ids = await fanOutStatements(tx, payload.periodStart, payload.householdIds as string[], now);
  } else {
    throw new Error('Webhook fan-out job with an unknown announcement');
  }
  await queueDeliveries(tx, ids, now);
}

/** What is sent: the same bytes are signed and posted, and the same on every attempt. */
export function deliveryBody(delivery: Pick<DeliveryToSend, 'id' | 'type' | 'createdAt' | 'payload'>): string {
  return JSON.stringify({ id: delivery.id, type: delivery.type, createdAt: delivery.createdAt.toISOString(), data: delivery.payload });
}

type AttemptResult = { statusCode: number | null; durationMs: number; error: string | null };

const PRIVATE_REFUSED = 'Refused: the address is not on the public internet';

async function post(delivery: DeliveryToSend, now: Date, policy: DeliveryPolicy): Promise<AttemptResult> {
  const { timeoutMs } = policy;
  const body = deliveryBody(delivery);
  const timestamp = Math.floor(now.getTime() / 1000);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!policy.allowPrivateNetworks && literalAddressRefused(delivery.url)) return { statusCode: null, durationMs: 0, error: PRIVATE_REFUSED };
  try {
    const res = await fetch(delivery.url, {
      ...(policy.allowPrivateNetworks ? {} : { dispatcher: (publicOnly ??= publicOnlyDispatcher()) }),
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Peakwise-Webhooks/1',
        [WEBHOOK_HEADERS.id]: delivery.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(delivery.secret, timestamp, body),
      },
      body,
      // A redirect is an answer, not an instruction: following it would post members' data to an
      // address nobody registered.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body is not needed; reading a little lets the connection be reused.
    await res.body?.cancel().catch(() => undefined);
    return { statusCode: res.status, durationMs: elapsed(), error: null };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const cause = error instanceof Error ? error.cause : undefined;
    const reason = cause instanceof PrivateAddressError ? PRIVATE_REFUSED : name === 'TimeoutError' ? `No answer within ${timeoutMs} ms` : 'Could not connect';
    return { statusCode: null, durationMs: elapsed(), error: reason };
  }
}

/**
 * The send job of one delivery (decision 060). Runs in the worker's transaction with the
 * delivery row locked: a delivery that already succeeded, or whose endpoint was removed, is not
 * sent. Each attempt is logged. A 2xx answer marks it succeeded in the same commit as the job,
 * so no later run sends it again; otherwise it asks to run again after the next delay of the
 * schedule, and after the last attempt it is failed and its endpoint marked failing.
 */
export async function deliverWebhook(tx: DbOrTx, deliveryId: string, now: Date, policy: DeliveryPolicy): Promise<{ retryAt: Date } | void> {
  const delivery = await lockDelivery(tx, deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  if (delivery.endpointDeleted) {
    await updateDelivery(tx, delivery.id, { status: 'failed', attempts: delivery.attempts, nextAttemptAt: null, deliveredAt: null });
    return;
  }
  const attempt = delivery.attempts + 1;
  const result = await post(delivery, now, policy);
  await insertAttempt(tx, { deliveryId: delivery.id, attempt, ...result, attemptedAt: now });
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
    await updateDelivery(tx, delivery.id, { status: 'succeeded', attempts: attempt, nextAttemptAt: null, deliveredAt: now });
    await setEndpointStatus(tx, delivery.endpointId, 'active');
    return;
  }
  const delaySeconds = policy.retryDelaysSeconds[attempt - 1];
  if (delaySeconds === undefined) {
    await updateDelivery(tx, delivery.id, { status: 'failed', attempts: attempt, nextAttemptAt: null, deliveredAt: null });
    await setEndpointStatus(tx, delivery.endpointId, 'failing');
    return;
  }
  const retryAt = new Date(now.getTime() + delaySeconds * 1000);
  await updateDelivery(tx, delivery.id, { status: 'pending', attempts: attempt, nextAttemptAt: retryAt, deliveredAt: null });
  return { retryAt };
}
