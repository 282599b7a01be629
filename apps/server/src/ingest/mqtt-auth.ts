import type { Db } from '../db/client';
import { findCredentialByToken, type IngestPrincipal } from '../modules/devices/ingest-credential.service';

/**
 * MQTT login for devices and gateways: the password is an ingest token; the username must name
 * what the token stands for — the household id (household token), the device's id or external
 * id (device token), or the credential id (either). The token alone decides the scope; the
 * username only guards against a token pasted into the wrong device.
 */
export async function authenticateMqtt(db: Db, username: string | undefined, password: Buffer | undefined): Promise<IngestPrincipal | null> {
  if (!username || !password || password.length > 256) return null;
  const principal = await findCredentialByToken(db, password.toString('utf8'));
  if (!principal) return null;
  const names = [principal.credentialId, ...(principal.device ? [principal.device.id, principal.device.externalId] : [principal.householdId])];
  return names.includes(username) ? principal : null;
}
