import { connect, credsAuthenticator, RequestStrategy } from 'nats';
import { fromSeed } from 'nkeys.js';
import { accountJwtWithRevocations, decodeNatsJwt } from '../lib/nats-jwt';

/*
 * The ingest account's JWT, read from and pushed to NATS Server's full resolver over the system
 * account (decision 132): the only way NATS 2.9 takes a login away from afar. Every node of a
 * cluster subscribes to the update subject itself, so one push reaches each node that is up; a node
 * that was down fetches the newer JWT from the others on its resolver's next sync.
 */

const LOOKUP = (account: string) => `$SYS.REQ.ACCOUNT.${account}.CLAIMS.LOOKUP`;
const UPDATE = '$SYS.REQ.CLAIMS.UPDATE';
// Every node answers; the request ends this long after the last answer. Nodes of a loaded cluster
// answered hundreds of milliseconds apart; one heard too late still took the JWT, it is only not counted.
const ANSWER_GAP_MS = 1_000;

export type NatsClaimsAccess = {
  servers: string;
  /** A system-account user's credentials file (JWT and seed). */
  systemCreds: string;
  account: string;
  /** An operator signing key's seed: what an account's JWT must be signed with. */
  operatorSigningSeed: string;
  timeoutMs?: number;
};

export type ClaimsUpdateAnswer = { server: string; updated: boolean; message: string };

type UpdateReply = { server?: { name?: string }; data?: { message?: string }; error?: { description?: string } };

/**
 * Revokes these user keys (key → second, see accountJwtWithRevocations) on the account: the newest
 * JWT any node answers with, plus the revocations, signed and pushed. Resolves with each node's
 * answer; throws when no node took it or one refused it.
 */
export async function pushAccountRevocations(access: NatsClaimsAccess, revocations: Record<string, number>, now: Date): Promise<ClaimsUpdateAnswer[]> {
  const timeout = access.timeoutMs ?? 5_000;
  const nc = await connect({ servers: access.servers.split(','), name: 'peakwise-claims', authenticator: credsAuthenticator(new TextEncoder().encode(access.systemCreds)), timeout });
  try {
    // Each node answers with the JWT it holds; one that missed an update answers an older one, and
    // what the deployment changed since must not be pushed back over.
    let newest: { jwt: string; iat: number } | undefined;
    for await (const msg of await nc.requestMany(LOOKUP(access.account), undefined, { strategy: RequestStrategy.JitterTimer, maxWait: timeout, jitter: ANSWER_GAP_MS })) {
      const jwt = msg.string();
      if (!jwt.startsWith('eyJ')) continue;
      const { iat, sub } = decodeNatsJwt(jwt);
      if (sub === access.account && (newest === undefined || iat > newest.iat)) newest = { jwt, iat };
    }
    if (!newest) throw new Error(`no NATS Server answered with the JWT of account ${access.account}`);
    const updated = accountJwtWithRevocations(newest.jwt, revocations, fromSeed(new TextEncoder().encode(access.operatorSigningSeed)), now);

    const answers: ClaimsUpdateAnswer[] = [];
    for await (const msg of await nc.requestMany(UPDATE, updated, { strategy: RequestStrategy.JitterTimer, maxWait: timeout, jitter: ANSWER_GAP_MS })) {
      const reply = msg.json<UpdateReply>();
      answers.push({ server: reply.server?.name ?? '?', updated: reply.data !== undefined, message: reply.data?.message ?? reply.error?.description ?? '' });
    }
    const refused = answers.find((a) => !a.updated);
    if (refused) throw new Error(`NATS Server ${refused.server} refused the account's JWT: ${refused.message}`);
    if (answers.length === 0) throw new Error("no NATS Server answered the push of the account's JWT");
    return answers;
  } finally {
    await nc.close();
  }
}

/** The push the revocation jobs make, with the deployment's keys (config: natsLogins). */
export function natsAccountPush(servers: string, logins: { account: string; operatorSigningSeed: string; systemCreds: string }) {
  return (revocations: Record<string, number>, now: Date) => pushAccountRevocations({ servers, systemCreds: logins.systemCreds, account: logins.account, operatorSigningSeed: logins.operatorSigningSeed }, revocations, now);
}
