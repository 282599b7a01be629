import { DEMO_EMAIL } from '@peakwise/contracts/demo-account';
import { MAX_HOUSEHOLD_INGEST_TOKENS, type CreatedIngestToken, type IngestToken } from '@peakwise/contracts/ingest-token.contract';
import type { Db } from '../../db/client';
import { INGEST_READINGS_PATH } from '@peakwise/contracts/ingest.contract';
import { meterTopic, TOPIC_ROOT } from '../../telemetry/topics';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/uuid';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { brokerUsername, queueBrokerLogin, queueBrokerLoginRemoval, type BrokerLogins } from '../devices/broker-logins.service';
import {
  countHouseholdCredentials,
  findHouseholdCredential,
  listHouseholdCredentials,
  lockHousehold,
  revokeHouseholdCredential,
  type HouseholdCredentialRow,
} from './ingest-tokens.repository';

type Member = { id: string; email: string };

// The demo household is shared by every visitor: a token issued there would let one visitor write
// readings that all the others see, and revoking one would cut the demo's own simulator off.
const demoLocked = () => new AppError(403, 'demo_account_read_only', 'The demo account cannot be changed.');
const tokenNotFound = () => new AppError(404, 'not_found', 'No such token in your household.');
const tooManyTokens = () =>
  new AppError(
    409,
    'too_many_ingest_tokens',
    `Your home already has ${MAX_HOUSEHOLD_INGEST_TOKENS} active tokens. Revoke one you no longer use before creating another.`,
  );

const toItem = (row: HouseholdCredentialRow): IngestToken => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * The household's active meter and gateway tokens. The demo simulator's own credential is listed
 * like any other: this list is where a member sees everything that can write their meter, and a
 * credential left out of it would be one nobody could see or revoke. The demo cannot revoke it.
 */
export async function listHouseholdTokens(db: Db, householdId: string): Promise<IngestToken[]> {
  return (await listHouseholdCredentials(db, householdId)).map(toItem);
}

/**
 * Issues a household-wide token; the answer is the only time the token itself is seen. On a
 * Mosquitto whose logins Peakwise manages (decision 097) the MQTT username is the token's own id:
 * the household has several tokens, and a Mosquitto username has one password.
 */
export async function createHouseholdToken(db: Db, member: Member, householdId: string, label: string, logins?: BrokerLogins): Promise<CreatedIngestToken> {
  if (member.email === DEMO_EMAIL) throw demoLocked();
  return db.transaction(async (tx) => {
    await lockHousehold(tx, householdId);
    if ((await countHouseholdCredentials(tx, householdId)) >= MAX_HOUSEHOLD_INGEST_TOKENS) throw tooManyTokens();
    const credential = await issueIngestCredential(tx, householdId, null, label);
    const mqttPassword = await queueBrokerLogin(tx, logins, { id: credential.id, householdId, externalId: null, token: credential.token });
    const row = await findHouseholdCredential(tx, householdId, credential.id);
    if (!row) throw new Error('The credential just issued was not found');
    return {
      ...toItem(row),
      token: credential.token,
      ...(mqttPassword !== undefined ? { mqttPassword } : {}),
      // The only password that is not the token is the JWT minted on NATS (broker-logins.service.ts).
      mqttPasswordKind: mqttPassword === undefined ? 'token' : 'jwt',
      mqttUsername: logins ? brokerUsername({ id: credential.id, externalId: null }) : householdId,
      mqttTopicPrefix: `${TOPIC_ROOT}/${householdId}`,
      mqttMeterTopic: meterTopic(householdId),
      httpEndpoint: INGEST_READINGS_PATH,
    };
  });
}

/**
 * Revokes one of the household's tokens; it is refused from the next request on. Another
 * household's id, a device's token, an already revoked one and a malformed id are the same 404,
 * so the answer says nothing about credentials the member does not hold.
 */
export async function revokeHouseholdToken(db: Db, member: Member, householdId: string, credentialId: string, now: Date, logins?: BrokerLogins): Promise<void> {
  if (member.email === DEMO_EMAIL) throw demoLocked();
  if (!isUuid(credentialId)) throw tokenNotFound();
  await db.transaction(async (tx) => {
    if (!(await revokeHouseholdCredential(tx, householdId, credentialId, now))) throw tokenNotFound();
    await queueBrokerLoginRemoval(tx, logins, [{ id: credentialId, externalId: null }]);
  });
}
