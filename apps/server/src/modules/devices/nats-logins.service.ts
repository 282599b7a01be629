import { createUser, fromSeed, type KeyPair } from 'nkeys.js';
import type { DbOrTx } from '../../db/client';
import { natsDevicePermissions } from '../../telemetry/nats-device-permissions';
import { natsLoginKey, natsUserJwt } from '../../lib/nats-jwt';
import type { NatsLoginsConfig } from '../../lib/config-nats-logins';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { recordNatsLoginRevocations } from './nats-logins.repository';

/*
 * Each ingest credential's own login on NATS Server in operator mode (decision 132): a bearer user
 * JWT minted at issue, which the device gives as its MQTT password; NATS checks it alone, so
 * nothing is sent to the broker then. Ending the credential records its user key as revoked and
 * queues a durable job that pushes the account's JWT with every revocation.
 */

export const NATS_LOGIN_REVOKE_JOB = 'nats-login.revoke';

export type NatsLogins = { kind: 'nats'; account: string; accountSigner: KeyPair };

export function natsLoginsOf(config: NatsLoginsConfig): NatsLogins {
  return { kind: 'nats', account: config.account, accountSigner: fromSeed(new TextEncoder().encode(config.accountSigningSeed)) };
}

/**
 * The credential's MQTT password: its JWT, with its Mosquitto role's topics as subjects, usable on
 * NATS's MQTT listener only. It is shown once and not kept: anyone holding it can log in until it
 * is revoked, like the token.
 */
export function mintNatsLogin(logins: NatsLogins, credential: { id: string; householdId: string; externalId: string | null }, now: Date): string {
  return natsUserJwt({
    account: logins.account,
    signer: logins.accountSigner,
    userKey: natsLoginKey(credential.id),
    // What the broker's log and monitoring name the connection by.
    name: credential.externalId ?? credential.id,
    issuedAt: now,
    bearer: true,
    connectionTypes: ['MQTT'],
    permissions: natsDevicePermissions(credential.householdId, credential.externalId ?? undefined),
  });
}

// Due at once on any worker's clock: a test clock may stand behind real time.
const AT_ONCE = new Date(0);

/** In the transaction that ends these credentials: their keys revoked from the next push on. */
export async function queueNatsLoginRevocation(tx: DbOrTx, credentialIds: string[]): Promise<void> {
  if (credentialIds.length === 0) return;
  await recordNatsLoginRevocations(tx, credentialIds.map(natsLoginKey));
  // Any push carries every revocation, so one job per ending is enough and a second changes nothing.
  await scheduleJob(tx, { name: NATS_LOGIN_REVOKE_JOB, key: `nats-login:revoke:${credentialIds[0]}`, runAt: AT_ONCE, payload: { credentialIds } });
}

const DAY_S = 24 * 60 * 60;

/**
 * A revocation refuses the JWTs issued at or before its second. A credential's key only ever has
 * the JWT of its issue, so the revocation is dated a day after the credential ended: a server
 * process whose clock runs minutes ahead of the one that revokes still had its JWT covered.
 */
export function revocationsOf(rows: { userKey: string; revokedAt: Date }[]): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.userKey, Math.floor(r.revokedAt.getTime() / 1000) + DAY_S]));
}

/**
 * The server's own logins in the ingest account, minted at start so a deployment configures no
 * more than the four variables: a worker's (plain NATS, answering the nonce with a key that never
 * leaves the process) and the MQTT session's (commands and receipts; a bearer JWT, as for devices,
 * and with the whole account's subjects).
 */
export function natsServiceLogins(logins: NatsLogins, now: Date): { workerJwt: string; workerSeed: Uint8Array; mqttPassword: string } {
  const worker = createUser();
  const workerJwt = natsUserJwt({ account: logins.account, signer: logins.accountSigner, userKey: worker.getPublicKey(), name: 'peakwise-worker', issuedAt: now, bearer: false, connectionTypes: ['STANDARD'] });
  const mqttPassword = natsUserJwt({ account: logins.account, signer: logins.accountSigner, userKey: createUser().getPublicKey(), name: 'peakwise-server', issuedAt: now, bearer: true, connectionTypes: ['MQTT'] });
  return { workerJwt, workerSeed: worker.getSeed(), mqttPassword };
}

export const NATS_LOGIN_CHECK_JOB = 'nats-login.check';

/**
 * The daily push of every revocation (decision 132): an account JWT pushed since from elsewhere
 * (`nsc push` after a change of limits) carries only what nsc knows, and would let the revoked
 * logins back in until the next revocation. One job per UTC day, as the Mosquitto check.
 */
export async function scheduleNatsLoginCheck(db: DbOrTx, at: Date): Promise<void> {
  const day = new Date(Math.floor(at.getTime() / (DAY_S * 1000)) * DAY_S * 1000);
  await scheduleJob(db, { name: NATS_LOGIN_CHECK_JOB, key: `nats-login:check:${day.toISOString().slice(0, 10)}`, runAt: at });
}
