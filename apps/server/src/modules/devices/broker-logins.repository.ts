import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

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
