import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { households } from '../../db/schema/household.schema';
import { ingestCredentials } from '../../db/schema/ingest-credential.schema';
import type { DbOrTx } from '../../db/client';

/**
 * Household-wide ingest credentials (device_id null). Device credentials live and die with their
 * device (POST/DELETE /api/devices), so nothing here reads or revokes them.
 */

export type HouseholdCredentialRow = { id: string; label: string | null; createdAt: Date; lastUsedAt: Date | null };

const householdWide = (householdId: string) =>
  and(eq(ingestCredentials.householdId, householdId), isNull(ingestCredentials.deviceId), isNull(ingestCredentials.revokedAt));

const columns = {
  id: ingestCredentials.id,
  label: ingestCredentials.label,
  createdAt: ingestCredentials.createdAt,
  lastUsedAt: ingestCredentials.lastUsedAt,
};

/** The household's active household-wide credentials, oldest first. */
export async function listHouseholdCredentials(db: DbOrTx, householdId: string): Promise<HouseholdCredentialRow[]> {
  return db.select(columns).from(ingestCredentials).where(householdWide(householdId)).orderBy(asc(ingestCredentials.createdAt), asc(ingestCredentials.id));
}

export async function findHouseholdCredential(db: DbOrTx, householdId: string, credentialId: string): Promise<HouseholdCredentialRow | null> {
  const [row] = await db
    .select(columns)
    .from(ingestCredentials)
    .where(and(eq(ingestCredentials.id, credentialId), householdWide(householdId)));
  return row ?? null;
}

export async function countHouseholdCredentials(db: DbOrTx, householdId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ingestCredentials).where(householdWide(householdId));
  return row?.n ?? 0;
}

/**
 * Locks the household row until the transaction ends, so two tokens created at the same moment
 * are counted one after the other and cannot both slip under the limit.
 */
export async function lockHousehold(tx: DbOrTx, householdId: string): Promise<void> {
  await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for('update');
}

/** Revokes one active household-wide credential of this household; false if there is none by that id. */
export async function revokeHouseholdCredential(db: DbOrTx, householdId: string, credentialId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ingestCredentials)
    .set({ revokedAt: now })
    .where(and(eq(ingestCredentials.id, credentialId), householdWide(householdId)))
    .returning({ id: ingestCredentials.id });
  return rows.length > 0;
}
