import { and, desc, eq, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { MqttRefusalReason } from '@peakwise/contracts/device-connection.contract';
import type { DbOrTx } from '../../db/client';
import { devices } from '../../db/schema/device.schema';
import { households } from '../../db/schema/household.schema';
import { ingestCredentials } from '../../db/schema/ingest-credential.schema';
import { profiles } from '../../db/schema/profile.schema';

// last_used_at is informational; writing it on every request would double the write load of ingest.
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

/** The household's owner deleted their account. */
function deletedOwner(householdId: typeof ingestCredentials.householdId) {
  return sql`(select 1 from ${households} h join ${profiles} p on p.id = h.owner_user_id where h.id = ${householdId} and p.deleted_at is not null)`;
}

export async function insertCredential(db: DbOrTx, values: { householdId: string; deviceId: string | null; tokenHash: string; label: string | null }): Promise<string> {
  const [row] = await db.insert(ingestCredentials).values(values).returning({ id: ingestCredentials.id });
  if (!row) throw new Error('Credential insert returned nothing');
  return row.id;
}

/**
 * The unrevoked credential with this token hash, with its device's external id and removal. A
 * deleted account's credentials are gone (decision 079); the owner check holds even for one
 * created in a race with the deletion.
 */
export async function liveCredentialByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: ingestCredentials.id,
      householdId: ingestCredentials.householdId,
      deviceId: ingestCredentials.deviceId,
      externalId: devices.externalId,
      deviceRemovedAt: devices.removedAt,
    })
    .from(ingestCredentials)
    .leftJoin(devices, eq(devices.id, ingestCredentials.deviceId))
    .where(and(eq(ingestCredentials.tokenHash, tokenHash), isNull(ingestCredentials.revokedAt), notExists(deletedOwner(ingestCredentials.householdId))));
  return row;
}

/** Marks the credential used, at most once a minute. */
export async function touchCredential(db: DbOrTx, credentialId: string, now: Date): Promise<void> {
  await db
    .update(ingestCredentials)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(ingestCredentials.id, credentialId),
        or(isNull(ingestCredentials.lastUsedAt), lt(ingestCredentials.lastUsedAt, sql`${now.toISOString()}::timestamptz - ${LAST_USED_RESOLUTION}`)),
      ),
    );
}

export async function revokeIngestCredential(db: DbOrTx, householdId: string, credentialId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(ingestCredentials)
    .set({ revokedAt: now })
    .where(and(eq(ingestCredentials.id, credentialId), eq(ingestCredentials.householdId, householdId), isNull(ingestCredentials.revokedAt)))
    .returning({ id: ingestCredentials.id });
  return rows.length > 0;
}

/** Revokes every live token of one device of the household. */
export async function revokeCredentialsOfDevice(db: DbOrTx, householdId: string, deviceId: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(ingestCredentials)
    .set({ revokedAt: now })
    .where(and(eq(ingestCredentials.householdId, householdId), eq(ingestCredentials.deviceId, deviceId), isNull(ingestCredentials.revokedAt)))
    .returning({ id: ingestCredentials.id });
  return rows.length;
}

export type CredentialRefusal = { reason: MqttRefusalReason; topic: string | null; at: Date };

/** Keeps the broker's last refusal of a credential; an older one arriving late does not replace a newer. */
export async function recordRefusal(db: DbOrTx, credentialId: string, refusal: CredentialRefusal): Promise<void> {
  await db.execute(sql`
    update ingest_credentials
    set last_refusal_reason = ${refusal.reason}, last_refusal_topic = ${refusal.topic}, last_refusal_at = ${refusal.at.toISOString()}::timestamptz
    where id = ${credentialId}::uuid and (last_refusal_at is null or last_refusal_at <= ${refusal.at.toISOString()}::timestamptz)`);
}

/**
 * A refused login whose password is no live token: the credentials the username names. A
 * credential id, a device's id or a household id (its household-wide tokens) name theirs alone.
 * A device's external id is unique per household only, so it counts only with the client id the
 * pairing screen showed (`{externalId}-{first 8 of the household id}`), which names the household.
 */
export async function recordLoginRefusal(db: DbOrTx, login: { username: string; clientId: string; reason: MqttRefusalReason; at: Date }): Promise<void> {
  await db.execute(sql`
    update ingest_credentials c
    set last_refusal_reason = ${login.reason}, last_refusal_topic = null, last_refusal_at = ${login.at.toISOString()}::timestamptz
    where c.revoked_at is null
      and (c.last_refusal_at is null or c.last_refusal_at <= ${login.at.toISOString()}::timestamptz)
      and (
        c.id::text = ${login.username}
        or c.device_id::text = ${login.username}
        or (c.device_id is null and c.household_id::text = ${login.username})
        or exists (
          select 1 from devices d
          where d.id = c.device_id and d.removed_at is null and d.external_id = ${login.username}
            and ${login.clientId} = d.external_id || '-' || left(c.household_id::text, 8)))`);
}

/** The last refusal of any of a live device's credentials, newest first; null if none was refused. */
export async function lastRefusalOfDevice(db: DbOrTx, householdId: string, deviceId: string): Promise<CredentialRefusal | null> {
  const [row] = await db
    .select({ reason: ingestCredentials.lastRefusalReason, topic: ingestCredentials.lastRefusalTopic, at: ingestCredentials.lastRefusalAt })
    .from(ingestCredentials)
    .where(and(eq(ingestCredentials.householdId, householdId), eq(ingestCredentials.deviceId, deviceId), isNull(ingestCredentials.revokedAt), isNotNull(ingestCredentials.lastRefusalAt)))
    .orderBy(desc(ingestCredentials.lastRefusalAt))
    .limit(1);
  return row?.reason && row.at ? { reason: row.reason, topic: row.topic, at: row.at } : null;
}

/** What the broker's log and the daily login check said of the device's live credential (decision 105). */
export async function brokerLoginStateOfDevice(db: DbOrTx, householdId: string, deviceId: string): Promise<{ seenAt: Date | null; missingAt: Date | null }> {
  const [row] = await db
    .select({ seenAt: ingestCredentials.brokerLoginSeenAt, missingAt: ingestCredentials.brokerLoginMissingAt })
    .from(ingestCredentials)
    .where(and(eq(ingestCredentials.householdId, householdId), eq(ingestCredentials.deviceId, deviceId), isNull(ingestCredentials.revokedAt)))
    .orderBy(desc(ingestCredentials.createdAt))
    .limit(1);
  return { seenAt: row?.seenAt ?? null, missingAt: row?.missingAt ?? null };
}

/**
 * Mosquitto's log said this login connected: the live credential the username names (a credential
 * id, or a live device's id under the client id its login is pinned to) keeps the time.
 */
export async function recordBrokerLoginSeen(db: DbOrTx, login: { username: string; clientId: string; at: Date }): Promise<void> {
  await db.execute(sql`
    update ingest_credentials c set broker_login_seen_at = ${login.at.toISOString()}::timestamptz
    where c.revoked_at is null
      and (c.broker_login_seen_at is null or c.broker_login_seen_at < ${login.at.toISOString()}::timestamptz)
      and (
        c.id::text = ${login.username}
        or exists (
          select 1 from devices d
          where d.id = c.device_id and d.removed_at is null and d.external_id = ${login.username}
            and ${login.clientId} = d.external_id || '-' || left(c.household_id::text, 8)))`);
}
