import type { ClaimsUpdateAnswer } from '../ingest/nats-account-claims';
import type { Logger } from '../lib/logger';
import { lockNatsAccountClaims, natsLoginRevocations } from '../modules/devices/nats-logins.repository';
import { NATS_LOGIN_CHECK_JOB, NATS_LOGIN_REVOKE_JOB, revocationsOf, scheduleNatsLoginCheck } from '../modules/devices/nats-logins.service';
import type { DbOrTx } from '../db/client';
import type { JobHandler } from './durable-worker';

/**
 * Pushes the ingest account's JWT with every revocation recorded (decision 132). Idempotent: a
 * push that NATS already holds changes nothing, and a failed one is retried with the worker's
 * backoff. The lock makes the pushes follow one another, each with the whole list read under it.
 */
export function natsLoginJobHandlers(deps: { push: (revocations: Record<string, number>, now: Date) => Promise<ClaimsUpdateAnswer[]>; logger?: Logger }): Record<string, JobHandler> {
  const pushAll = async (tx: DbOrTx, now: Date) => {
    await lockNatsAccountClaims(tx);
    const revocations = revocationsOf(await natsLoginRevocations(tx));
    if (Object.keys(revocations).length === 0) return;
    const answers = await deps.push(revocations, now);
    deps.logger?.info({ servers: answers.map((a) => a.server), revocations: Object.keys(revocations).length }, 'NATS account JWT pushed with its revocations');
  };
  return {
    [NATS_LOGIN_REVOKE_JOB]: async ({ tx, now }) => pushAll(tx, now),
    [NATS_LOGIN_CHECK_JOB]: async ({ tx, now }) => {
      await pushAll(tx, now);
      await scheduleNatsLoginCheck(tx, new Date((Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS));
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
