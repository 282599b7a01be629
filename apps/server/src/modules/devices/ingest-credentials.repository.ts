import { and, eq, isNull, lt, notExists, or, sql } from 'drizzle-orm';
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

/** Keeps when a second connection with this credential was refused (decision 095). */
export async function recordSecondLoginRefused(db: DbOrTx, credentialId: string, now: Date): Promise<void> {
  await db.update(ingestCredentials).set({ secondLoginRefusedAt: now }).where(eq(ingestCredentials.id, credentialId));
}

export async function revokeIngestCredential(db: DbOrTx, householdId: string, credentialId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(ingestCredentials)
    .set({ revokedAt: now })
    .where(and(eq(ingestCredentials.id, credentialId), eq(ingestCredentials.householdId, householdId), isNull(ingestCredentials.revokedAt)))
    .returning({ id: ingestCredentials.id });
  return rows.length > 0;
}
