import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { openAdrSchema } from './openadr-schema';
import { hastenOpenAdrPoll } from './openadr-poll-schedule';
import { callbackTarget, markNotified } from './openadr-subscriptions.repository';
import { hashSecretToken } from '../../lib/secret-token';

/*
 * The VTN's side of a subscription (decision 110). The challenge: the VTN's GET with `echo`, which
 * the Definition (3.1.1, Webhooks) asks the VEN to answer 200 with the value in the body. A
 * notification: checked against the version's notification schema and the bearer token given with
 * the subscription, then taken the way the poll takes everything: the poll runs now. So a
 * duplicate changes nothing (the poll finds nothing new) and a lost one is caught by the next poll.
 */

export type CallbackOutcome = { ok: true } | { ok: false; status: 400 | 401 | 404; code: string; message: string };

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const unknown: CallbackOutcome = { ok: false, status: 404, code: 'not_found', message: 'Not found' };

/** True when the path names a VTN and its callback token (else the challenge is not ours to answer). */
export async function isOurCallback(db: Db, vtnId: string, token: string): Promise<boolean> {
  const target = await callbackTarget(db, vtnId);
  return target?.callbackToken != null && sameText(target.callbackToken, token);
}

export async function takeNotification(db: Db, vtnId: string, token: string, bearer: string, body: unknown, now: Date): Promise<CallbackOutcome> {
  const target = await callbackTarget(db, vtnId);
  if (target?.callbackToken == null || !sameText(target.callbackToken, token)) return unknown;
  const hash = hashSecretToken(bearer);
  if (!target.bearerSha256s.some((known) => sameText(known, hash))) return { ok: false, status: 401, code: 'unauthorized', message: 'Wrong bearer token for this subscription.' };
  const problems = openAdrSchema(target.version).checkNotification(body);
  if (problems.length > 0) return { ok: false, status: 400, code: 'validation_failed', message: `Not an OpenADR ${target.version} notification: ${problems.slice(0, 3).join('; ')}` };
  await db.transaction(async (tx) => {
    await markNotified(tx, vtnId, now);
    await hastenOpenAdrPoll(tx, target.url, now);
  });
  return { ok: true };
}
