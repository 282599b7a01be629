import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { uuidArray } from '../../lib/pg-array';

/*
 * What the broker-login jobs (decision 097) read: whether a credential still stands, and which
 * credentials a device or a household holds when they go.
 */

export type BrokerLoginCredential = { id: string; externalId: string | null };

/**
 * Holds one broker username until the caller's transaction ends, so the jobs creating and deleting
 * the same Mosquitto client (a device removed in one home and paired in another) run one at a time.
 */
export async function lockBrokerUsername(tx: DbOrTx, username: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`broker-login:${username}`}))`);
}

const liveCredential = sql`
  c.revoked_at is null
  and (c.device_id is null or exists (select 1 from devices d where d.id = c.device_id and d.removed_at is null))
  and not exists (select 1 from households h join profiles p on p.id = h.owner_user_id where h.id = c.household_id and p.deleted_at is not null)`;

/** The credential is unrevoked, its device (if any) not removed, its household's owner not deleted. */
export async function isCredentialLive(tx: DbOrTx, credentialId: string): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`select 1 from ingest_credentials c where c.id = ${credentialId}::uuid and ${liveCredential}`));
  return rows.length > 0;
}

/** The device's unrevoked credentials, with its external id (their broker username). */
export async function brokerLoginsOfDevice(tx: DbOrTx, deviceId: string): Promise<BrokerLoginCredential[]> {
  return rowsOf<BrokerLoginCredential>(
    await tx.execute(sql`
      select c.id, d.external_id as "externalId" from ingest_credentials c join devices d on d.id = c.device_id
      where c.device_id = ${deviceId}::uuid and c.revoked_at is null`),
  );
}

/** Every unrevoked credential of the household, household-wide and per device. */
export async function brokerLoginsOfHousehold(tx: DbOrTx, householdId: string): Promise<BrokerLoginCredential[]> {
  return rowsOf<BrokerLoginCredential>(
    await tx.execute(sql`
      select c.id, d.external_id as "externalId" from ingest_credentials c left join devices d on d.id = c.device_id
      where c.household_id = ${householdId}::uuid and c.revoked_at is null`),
  );
}

export type LiveBrokerCredential = BrokerLoginCredential & { householdId: string };

/** Every live credential, with what its Mosquitto login is named after. */
export async function liveBrokerCredentials(tx: DbOrTx): Promise<LiveBrokerCredential[]> {
  return rowsOf<LiveBrokerCredential>(
    await tx.execute(sql`
      select c.id, c.household_id as "householdId", d.external_id as "externalId"
      from ingest_credentials c left join devices d on d.id = c.device_id
      where ${liveCredential}
      order by c.created_at, c.id`),
  );
}

/**
 * Of these credentials, those whose login job is still on its way (waiting or running): their
 * login is not missing, only not made yet.
 */
export async function credentialsWithLoginPending(tx: DbOrTx, credentialIds: string[]): Promise<Set<string>> {
  if (credentialIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select payload->>'credentialId' as id from durable_jobs
      where name = 'broker-login.create' and status in ('queued', 'running')
        and payload->>'credentialId' = any(${uuidArray(credentialIds)}::text[])`),
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Puts back in the queue the given-up login jobs of these credentials that still hold their sealed
 * password (decision 097 keeps it on a job that gave up): the one case where the login can still be
 * made without the member. Answers the credentials requeued.
 */
export async function requeueGivenUpLogins(tx: DbOrTx, credentialIds: string[], now: Date): Promise<Set<string>> {
  if (credentialIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update durable_jobs set status = 'queued', attempts = 0, run_at = ${now.toISOString()}::timestamptz, finished_at = null, locked_until = null
      where name = 'broker-login.create' and status = 'failed' and payload ? 'sealedPassword'
        and payload->>'credentialId' = any(${uuidArray(credentialIds)}::text[])
      returning payload->>'credentialId' as id`),
  );
  return new Set(rows.map((r) => r.id));
}

/** Marks these credentials as having no login on Mosquitto (kept from the first check that found it). */
export async function markBrokerLoginsMissing(tx: DbOrTx, credentialIds: string[], now: Date): Promise<void> {
  if (credentialIds.length === 0) return;
  await tx.execute(sql`
    update ingest_credentials set broker_login_missing_at = ${now.toISOString()}::timestamptz
    where id = any(${uuidArray(credentialIds)}::uuid[]) and broker_login_missing_at is null`);
}

/** Clears the mark of every credential not in `missingIds` (their login is there now). */
export async function clearBrokerLoginsMissingExcept(tx: DbOrTx, missingIds: string[]): Promise<void> {
  await tx.execute(sql`
    update ingest_credentials set broker_login_missing_at = null
    where broker_login_missing_at is not null and not (id = any(${uuidArray(missingIds)}::uuid[]))`);
}
