import { randomBytes } from 'node:crypto';
import { hashSecretToken } from '../../lib/secret-token';
import type { DbOrTx } from '../../db/client';
import { OpenAdrFault, type OpenAdrClient } from './openadr-client';
import { listAll } from './openadr-listing';
import { ensureCallbackToken, holdBearer, subscriptionsOf, type SubscriptionStatus } from './openadr-subscriptions.repository';

/*
 * The VEN's webhook subscriptions on one VTN (decision 110), checked at every poll. 3.0.1 ties a
 * subscription to one program (programID is required), so there is one per VTN program; 3.1.1 lets
 * it name none, so one covers them all. Each asks for every change to programs and events at
 * /api/openadr/callback/<vtn id>/<callback token>, with a bearer token of its own. A subscription is
 * found by its callback URL before one is created, so a check repeated after a crash creates none
 * twice; one found that we hold no bearer for (the crash came before its id was written) is given a
 * new one by PUT. The hash of a new bearer is committed, pending, before the bearer is sent, and the
 * current one stays good until the VTN's answer is written.
 */

/** `bearerSha256`: of the new bearer the VTN took with it (null: it keeps the one it had). */
export type SubscriptionCheck = {
  status: SubscriptionStatus;
  error: string | null;
  held: { scope: string; vtnSubscriptionId: string; bearerSha256: string | null }[];
  /** Every subscription we had on the VTN is gone from it (MQTT took over): their rows are marked retired. */
  retired?: boolean;
};

type VtnSubscription = { id: string; programID?: string | null; objectOperations: { callbackUrl: string }[] };

/** The whole of the programs and events, created, changed or deleted: a notification only says when to poll. */
const OBJECTS = ['PROGRAM', 'EVENT'];
const OPERATIONS = ['CREATE', 'UPDATE', 'DELETE'];
/** More than this many pages of our own subscriptions is a VTN misbehaving. */
const MAX_PAGES = 20;

const ALL_PROGRAMS = '*';


const callbackPath = (vtnId: string, token: string) => `/api/openadr/callback/${vtnId}/${token}`;

export async function checkSubscriptions(
  db: DbOrTx,
  client: OpenAdrClient,
  vtn: { id: string; venName: string },
  callbackBase: string | undefined,
  vtnProgramIds: string[],
  now: Date,
): Promise<SubscriptionCheck> {
  if (callbackBase === undefined) return { status: 'off', error: null, held: [] };
  const held: SubscriptionCheck['held'] = [];
  try {
    const token = await ensureCallbackToken(db, vtn.id, randomBytes(24).toString('hex'));
    const callbackUrl = callbackBase + callbackPath(vtn.id, token);
    const known = new Map((await subscriptionsOf(db, vtn.id)).map((s) => [s.scope, s]));
    const listed = await listOurs(client, vtn.venName);
    const scopes = client.version === '3.1.1' ? [ALL_PROGRAMS] : vtnProgramIds;
    for (const scope of scopes) {
      const mine = listed.find((s) => (scope === ALL_PROGRAMS ? !s.programID : s.programID === scope) && s.objectOperations.some((o) => o.callbackUrl === callbackUrl));
      if (mine && known.get(scope)?.vtnSubscriptionId === mine.id) {
        held.push({ scope, vtnSubscriptionId: mine.id, bearerSha256: null });
        continue;
      }
      // Hex, so it can never look like a member's API token (pwk_…) to the bearer middleware.
      const bearer = randomBytes(32).toString('hex');
      const hash = hashSecretToken(bearer);
      await holdBearer(db, vtn.id, scope, hash, now);
      const body = {
        clientName: vtn.venName,
        ...(scope === ALL_PROGRAMS ? {} : { programID: scope }),
        objectOperations: [{ objects: OBJECTS, operations: OPERATIONS, callbackUrl, bearerToken: bearer }],
      };
      // The VTN checks the callback with its challenge before it answers (our route must already know the token: it does).
      const saved = mine
        ? await client.call<{ id: string }>('put', '/subscriptions/{subscriptionID}', { path: { subscriptionID: mine.id }, body })
        : await client.call<{ id: string }>('post', '/subscriptions', { body });
      held.push({ scope, vtnSubscriptionId: saved.id, bearerSha256: hash });
    }
    return { status: 'active', error: null, held };
  } catch (error) {
    if (!(error instanceof OpenAdrFault)) throw error;
    return { status: 'failed', error: error.message, held };
  }
}

/**
 * The VTN offers MQTT now (decision 121): the webhook subscriptions made before it did are deleted
 * on the VTN, so it stops calling a URL nobody needs and we stop accepting their bearers. Nothing
 * is asked while no row is left unretired (a pending bearer's row is written before its POST, so a
 * subscription made just before a crash has one); with one left, ours are listed and each one whose
 * callback names this VTN is deleted, along with every id we hold. A 404 is a delete already done.
 */
export async function retireSubscriptions(db: DbOrTx, client: OpenAdrClient, vtn: { id: string; venName: string }): Promise<SubscriptionCheck> {
  const rows = await subscriptionsOf(db, vtn.id);
  if (rows.length === 0) return { status: 'off', error: null, held: [] };
  try {
    const ours = `/api/openadr/callback/${vtn.id}/`;
    const listed = (await listOurs(client, vtn.venName)).filter((s) => s.objectOperations.some((o) => o.callbackUrl.includes(ours))).map((s) => s.id);
    const ids = new Set([...listed, ...rows.map((r) => r.vtnSubscriptionId).filter((id): id is string => id !== null)]);
    for (const subscriptionID of ids) {
      try {
        await client.call('delete', '/subscriptions/{subscriptionID}', { path: { subscriptionID } });
      } catch (error) {
        if (!(error instanceof OpenAdrFault) || !/answered 404$/.test(error.message)) throw error;
      }
    }
    return { status: 'off', error: null, held: [], retired: true };
  } catch (error) {
    if (!(error instanceof OpenAdrFault)) throw error;
    return { status: 'failed', error: `Deleting the webhook subscriptions MQTT replaces: ${error.message}`, held: [] };
  }
}

const listOurs = (client: OpenAdrClient, clientName: string) => listAll<VtnSubscription>(client, '/subscriptions', { filter: { clientName }, maxPages: MAX_PAGES });
