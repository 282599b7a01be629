import type { DbOrTx } from '../../db/client';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { insertCredential, liveCredentialByHash, recordSecondLoginRefused, touchCredential } from './ingest-credentials.repository';

/** What a valid token lets its holder write. */
export type IngestPrincipal = {
  credentialId: string;
  householdId: string;
  /** Set for a device token: only this device's readings. */
  device: { id: string; externalId: string } | null;
};

const TOKEN_PREFIX = 'pwi_';

export function hashIngestToken(token: string): string {
  return hashSecretToken(token);
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
  const token = newSecretToken(TOKEN_PREFIX);
  const id = await insertCredential(db, { householdId, deviceId: deviceId ?? null, tokenHash: hashIngestToken(token), label: label ?? null });
  return { id, token };
}

/**
 * The principal a token stands for, or null if it is unknown, revoked, or names a removed
 * device. Marks the credential used (at most once a minute).
 */
export async function findCredentialByToken(db: DbOrTx, token: string, now = new Date()): Promise<IngestPrincipal | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
  const row = await liveCredentialByHash(db, hashIngestToken(token));
  if (!row) return null;
  if (row.deviceId !== null && (row.externalId === null || row.deviceRemovedAt !== null)) return null;

  await touchCredential(db, row.id, now);
  return {
    credentialId: row.id,
    householdId: row.householdId,
    device: row.deviceId !== null && row.externalId !== null ? { id: row.deviceId, externalId: row.externalId } : null,
  };
}

/** A broker refused this credential a second connection while it was connected elsewhere (decision 095). */
export async function noteSecondLoginRefused(db: DbOrTx, principal: IngestPrincipal, now = new Date()): Promise<void> {
  await recordSecondLoginRefused(db, principal.credentialId, now);
}
