import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices } from '../../db/schema/device.schema';
import { ingestCredentials } from '../../db/schema/ingest-credential.schema';

// last_used_at is informational; writing it on every request would double the write load of ingest.
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

export async function insertCredential(db: DbOrTx, values: { householdId: string; deviceId: string | null; tokenHash: string; label: string | null }): Promise<string> {
  const [row] = await db.insert(ingestCredentials).values(values).returning({ id: ingestCredentials.id });
  if (!row) throw new Error('Credential insert returned nothing');
  return row.id;
}

/** The unrevoked credential with this token hash, with its device's external id and removal. */
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
    .where(and(eq(ingestCredentials.tokenHash, tokenHash), isNull(ingestCredentials.revokedAt)));
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
