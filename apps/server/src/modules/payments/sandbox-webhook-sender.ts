import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { dueSandboxWebhooks, leaseSandboxWebhook, markSandboxWebhook, type DueWebhook } from './sandbox.repository';
import { SIGNATURE_HEADER, signPayload } from './webhook-signature';

/** Posts one webhook; resolves with the HTTP status (a real `fetch` to the webhook URL, or the app in-process in tests). */
export type WebhookPost = (body: string, headers: Record<string, string>) => Promise<number>;

export type SandboxWebhookSender = { deliverDue(): Promise<number>; stop(): Promise<void> };

const BATCH = 20;
/** 5 s, 10 s, 20 s … capped at 10 minutes, like a processor's own redelivery. */
const retryDelayMs = (attempts: number) => Math.min(600_000, 5_000 * 2 ** attempts);

/**
 * The sandbox processor's side of asynchronous confirmation (decision 048). It runs outside any
 * Peakwise transaction (the embedded database has one connection, and the webhook handler needs
 * it), reading its own table of owed webhooks: a restart loses none, and a delivery that failed is
 * retried later. Each is leased for a minute before it is posted, so two senders never post it at once.
 */
export function startSandboxWebhookSender(options: { db: Db; post: WebhookPost; secret: string; logger: Logger; clock?: () => Date; pollMs?: number }): SandboxWebhookSender {
  const clock = options.clock ?? (() => new Date());
  let running: Promise<number> | null = null;

  const deliverOne = async (due: DueWebhook) => {
    // A charge fails only when its 3-D Secure challenge failed or expired (decision 055).
    const type = due.failureCode ? 'charge.failed' : 'charge.succeeded';
    const data = { reference: due.reference, amountCents: due.amountCents, ...(due.failureCode ? { code: due.failureCode } : {}) };
    const body = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, type, data });
    let status = 0;
    try {
      status = await options.post(body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(options.secret, body, clock()) });
    } catch (error) {
      options.logger.warn({ err: error, reference: due.reference }, 'Sandbox processor could not deliver a webhook');
    }
    const delivered = status >= 200 && status < 300;
    await markSandboxWebhook(options.db, due.reference, delivered ? { deliveredAt: clock() } : { retryAt: new Date(clock().getTime() + retryDelayMs(due.attempts + 1)) });
    return delivered;
  };

  const drain = async () => {
    let delivered = 0;
    // Claim a batch, then post each outside any transaction: the webhook handler needs the database.
    const due = await options.db.transaction(async (tx) => {
      const rows = await dueSandboxWebhooks(tx, clock(), BATCH);
      for (const row of rows) await leaseSandboxWebhook(tx, row.reference, new Date(clock().getTime() + 60_000));
      return rows;
    });
    for (const row of due) if (await deliverOne(row)) delivered += 1;
    return delivered;
  };

  const deliverDue = () => {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = options.pollMs
    ? setInterval(() => {
        deliverDue().catch((error: unknown) => options.logger.error({ err: error }, 'Sandbox webhook sender failed'));
      }, options.pollMs)
    : undefined;
  return {
    deliverDue,
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
