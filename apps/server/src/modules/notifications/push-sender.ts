import { createHash } from 'node:crypto';
import { fetch, type Dispatcher } from 'undici';
import webPush from 'web-push';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { endpointAddressRefused, PrivateAddressError, publicOnlyDispatcher } from '../../lib/public-network';
import type { DbOrTx } from '../../db/client';
import { ensureAppSecret } from './app-secrets.repository';
import { forgetPushSubscription, pushSubscriptionsOf } from './notification-preferences.repository';

const VAPID_SECRET = 'vapid';
const PUSH_TIMEOUT_MS = 10_000;
/** A notification about an event is useless after it; the push service may hold it this long for an offline device. */
const PUSH_TTL_SECONDS = 6 * 3600;

export type PushMessage = { title: string; body: string; url: string; tag: string };

export type PushSender = {
  /** The VAPID public key browsers subscribe with (made and stored on first use). */
  publicKey(): Promise<string>;
  /**
   * Sends to every subscription of the member. Gone subscriptions (404/410) are removed; other
   * refusals throw so the caller can retry. Returns how many devices took it.
   */
  sendToMember(executor: DbOrTx, userId: string, message: PushMessage, idempotencyKey: string): Promise<number>;
};

/**
 * Web Push with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291) through `web-push`. The key
 * pair is made on first start and kept in app_secrets, so every server process signs with the
 * same key and subscriptions survive restarts.
 *
 * A subscription's endpoint is an address the member's browser gave us, so it is held to the
 * webhooks' rule (decision 080): unless private networks are allowed (WEBHOOK_ALLOW_LOCALHOST,
 * never in production) only the public internet is reached, judged again at every send, and a
 * redirect is never followed.
 */
export function createPushSender(options: { db: Db; subject: string; logger: Logger; allowPrivateNetworks: boolean }): PushSender {
  const { db, subject, logger, allowPrivateNetworks } = options;
  let publicOnly: Dispatcher | undefined;
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const vapid = () => {
    keys ??= ensureAppSecret(db, VAPID_SECRET, () => ({ ...webPush.generateVAPIDKeys() })).then((v) => ({ publicKey: v.publicKey!, privateKey: v.privateKey! }));
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };

  return {
    publicKey: async () => (await vapid()).publicKey,
    async sendToMember(executor, userId, message, idempotencyKey) {
      const { publicKey, privateKey } = await vapid();
      const subscriptions = await pushSubscriptionsOf(executor, userId);
      // The Topic header (≤ 32 URL-safe characters) lets a push service replace an undelivered
      // copy of the same notification instead of showing both after a re-send.
      const topic = createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32);
      let delivered = 0;
      for (const s of subscriptions) {
        // web-push encrypts the payload and signs the VAPID JWT; the request itself goes through
        // fetch, which (unlike web-push's own https-only sender) also reaches a local push
        // service over plain http in development and tests.
        const request = webPush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(message), {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: PUSH_TTL_SECONDS,
          topic,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        });
        const headers = Object.fromEntries(
          Object.entries(request.headers as Record<string, string | number>)
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        );
        if (!allowPrivateNetworks && endpointAddressRefused(request.endpoint)) {
          // Saved before the rule, or by hand: it can never be delivered to, so it goes like a gone one.
          await forgetPushSubscription(executor, s.id);
          logger.warn('Push subscription to an address off the public internet; removed');
          continue;
        }
        let res;
        try {
          res = await fetch(request.endpoint, {
            ...(allowPrivateNetworks ? {} : { dispatcher: (publicOnly ??= publicOnlyDispatcher()) }),
            method: request.method,
            headers,
            body: request.body as Buffer,
            // A push service answers; it does not send us elsewhere. Following a redirect would
            // post to an address nobody subscribed, past the address rule.
            redirect: 'manual',
            signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          });
        } catch (error) {
          if (!(error instanceof Error && error.cause instanceof PrivateAddressError)) throw error;
          // The name answered with a private address this time: skip this device, reach the others.
          logger.warn('Push endpoint resolved to an address off the public internet; not sent');
          continue;
        }
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) {
          await forgetPushSubscription(executor, s.id);
          logger.info({ status: res.status }, 'Push subscription gone; removed');
          continue;
        }
        if (!res.ok) throw new Error(`Push service answered ${res.status}`);
        delivered += 1;
      }
      return delivered;
    },
  };
}
