import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { devices } from '../../db/schema/device.schema';
import { ingestCredentials } from '../../db/schema/ingest-credential.schema';
import type { DbOrTx } from '../../db/client';

/** What a valid token lets its holder write. */
export type IngestPrincipal = {
  credentialId: string;
  householdId: string;
  /** Set for a device token: only this device's readings. */
  device: { id: string; externalId: string } | null;
};

const TOKEN_PREFIX = 'pwi_';
// last_used_at is informational; writing it on every request would double the write load of ingest.
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

export function hashIngestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new token for the household (or one of its devices). The token is returned once and only its
 * SHA-256 is stored: 32 random bytes cannot be guessed, so a slow password hash adds nothing.
 */
export async function issueIngestCredential(
  db: DbOrTx,
  householdId: string,
  deviceId?: string | null,
  label?: string,
): Promise<{ id: string; token: string }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(ingestCredentials)
    .values({ householdId, deviceId: deviceId ?? null, tokenHash: hashIngestToken(token), label: label ?? null })
    .returning({ id: ingestCredentials.id });
  if (!row) throw new Error('Credential insert returned nothing');
  return { id: row.id, token };
}

/**
 * The principal a token stands for, or null if it is unknown, revoked, or names a removed
 * device. Marks the credential used (at most once a minute).
 */
export async function findCredentialByToken(db: DbOrTx, token: string, now = new Date()): Promise<IngestPrincipal | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
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
    .where(and(eq(ingestCredentials.tokenHash, hashIngestToken(token)), isNull(ingestCredentials.revokedAt)));
  if (!row) return null;
  if (row.deviceId !== null && (row.externalId === null || row.deviceRemovedAt !== null)) return null;

  await db
    .update(ingestCredentials)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(ingestCredentials.id, row.id),
        or(isNull(ingestCredentials.lastUsedAt), lt(ingestCredentials.lastUsedAt, sql`${now.toISOString()}::timestamptz - ${LAST_USED_RESOLUTION}`)),
      ),
    );
  return {
    credentialId: row.id,
    householdId: row.householdId,
    device: row.deviceId !== null && row.externalId !== null ? { id: row.deviceId, externalId: row.externalId } : null,
  };
}

export async function revokeIngestCredential(db: DbOrTx, householdId: string, credentialId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(ingestCredentials)
    .set({ revokedAt: now })
    .where(and(eq(ingestCredentials.id, credentialId), eq(ingestCredentials.householdId, householdId), isNull(ingestCredentials.revokedAt)))
    .returning({ id: ingestCredentials.id });
  return rows.length > 0;
}
