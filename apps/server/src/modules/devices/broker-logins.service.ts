import type { DbOrTx } from '../../db/client';
import { sealSecret } from '../../lib/sealed-secret';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { brokerLoginsOfDevice, brokerLoginsOfHousehold, type BrokerLoginCredential } from './broker-logins.repository';
import { recordBrokerLoginSeen } from './ingest-credentials.repository';
import { mintNatsLogin, queueNatsLoginRevocation, type NatsLogins } from './nats-logins.service';

/*
 * Each ingest credential's own login on Mosquitto, through its dynamic security plugin (decision
 * 097). The broker is told by durable jobs written in the transaction that issues or ends the
 * credential and run after it commits, so a login exists exactly while its credential does. On a
 * NATS Server in operator mode the login is a JWT instead (nats-logins.service.ts, decision 132).
 */

export const BROKER_LOGIN_CREATE_JOB = 'broker-login.create';
export const BROKER_LOGIN_DELETE_JOB = 'broker-login.delete';
export const BROKER_LOGIN_CHECK_JOB = 'broker-login.check';

/** Present when the server manages Mosquitto's logins (MQTT_DYNSEC_USERNAME is set). */
export type MosquittoLogins = { kind: 'mosquitto'; sealKey: Buffer };
/** Mosquitto's, or NATS's in operator mode (NATS_ACCOUNT and its neighbours are set). */
export type BrokerLogins = MosquittoLogins | NatsLogins;

export type BrokerLoginCreatePayload = { credentialId: string; username: string; role: string; householdId: string; externalId: string | null; sealedPassword?: string };
export type BrokerLoginDeletePayload = { credentialId: string; username: string; role: string };

// Due at once on any worker's clock: a test clock may stand behind real time.
const AT_ONCE = new Date(0);

/**
 * The username a credential logs in with on Mosquitto: a device's id, as its pairing screen
 * shows; a household token's credential id, because a household has several tokens and a
 * Mosquitto username has one password (the embedded broker accepts both names).
 */
export function brokerUsername(credential: BrokerLoginCredential): string {
  return credential.externalId ?? credential.id;
}

/** One role per credential: a device id paired again elsewhere gets its new household's topics. */
export const brokerRole = (credentialId: string) => `peakwise-${credentialId}`;

/**
 * Queues the broker login of a credential just issued in `tx`. The token is only known now; it
 * waits sealed with the server's key and is erased from the job once delivered. On NATS the login
 * is minted here instead, and its JWT returned: the device's MQTT password, which is not the token.
 */
export async function queueBrokerLogin(tx: DbOrTx, logins: BrokerLogins | undefined, credential: { id: string; householdId: string; externalId: string | null; token: string }): Promise<string | undefined> {
  if (!logins) return undefined;
  if (logins.kind === 'nats') return mintNatsLogin(logins, credential, new Date());
  const payload: BrokerLoginCreatePayload = {
    credentialId: credential.id,
    username: brokerUsername(credential),
    role: brokerRole(credential.id),
    householdId: credential.householdId,
    externalId: credential.externalId,
    sealedPassword: sealSecret(logins.sealKey, credential.token),
  };
  await scheduleJob(tx, { name: BROKER_LOGIN_CREATE_JOB, key: `broker-login:create:${credential.id}`, runAt: AT_ONCE, payload });
  return undefined;
}

/** Queues the deletion of these credentials' broker logins, in the transaction that ends them. */
export async function queueBrokerLoginRemoval(tx: DbOrTx, logins: BrokerLogins | undefined, credentials: BrokerLoginCredential[]): Promise<void> {
  if (!logins) return;
  if (logins.kind === 'nats') return queueNatsLoginRevocation(tx, credentials.map((c) => c.id));
  for (const credential of credentials) {
    const payload: BrokerLoginDeletePayload = { credentialId: credential.id, username: brokerUsername(credential), role: brokerRole(credential.id) };
    await scheduleJob(tx, { name: BROKER_LOGIN_DELETE_JOB, key: `broker-login:delete:${credential.id}`, runAt: AT_ONCE, payload });
  }
}

export async function queueDeviceLoginRemoval(tx: DbOrTx, logins: BrokerLogins | undefined, deviceId: string): Promise<void> {
  if (logins) await queueBrokerLoginRemoval(tx, logins, await brokerLoginsOfDevice(tx, deviceId));
}

/** Account deletion (decision 079): runs before the household's credentials are deleted. */
export async function queueHouseholdLoginRemoval(tx: DbOrTx, logins: BrokerLogins | undefined, householdId: string): Promise<void> {
  if (logins) await queueBrokerLoginRemoval(tx, logins, await brokerLoginsOfHousehold(tx, householdId));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily check of Mosquitto's logins against the live credentials (decision 105): one job per
 * UTC day, so the start-up call and the job's own chaining agree on its key.
 */
export async function scheduleBrokerLoginCheck(db: DbOrTx, at: Date): Promise<void> {
  const day = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
  await scheduleJob(db, { name: BROKER_LOGIN_CHECK_JOB, key: `broker-login:check:${day.toISOString().slice(0, 10)}`, runAt: at });
}

export async function scheduleNextBrokerLoginCheck(db: DbOrTx, now: Date): Promise<void> {
  const next = new Date((Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS);
  await scheduleBrokerLoginCheck(db, next);
}

/**
 * Mosquitto's log said a login connected (ingest/mosquitto-login-log.ts): kept on its credential,
 * so the pairing screen can tell a right password with a wrong topic from a wrong password.
 */
export async function recordMosquittoLogin(db: DbOrTx, login: { username: string; clientId: string; at: Date }): Promise<void> {
  await recordBrokerLoginSeen(db, login);
}
