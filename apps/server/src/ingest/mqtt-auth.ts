import type { MqttRefusalReason } from '@peakwise/contracts/device-connection.contract';
import type { Db } from '../db/client';
import { findCredentialByToken, type IngestPrincipal } from '../modules/devices/ingest-credential.service';
import { recordLoginRefusal, recordRefusal } from '../modules/devices/ingest-credentials.repository';
import type { Logger } from '../lib/logger';

export type MqttLogin = { ok: true; principal: IngestPrincipal } | { ok: false; reason: Extract<MqttRefusalReason, 'wrong_password' | 'wrong_username'>; credentialId: string | null };

/**
 * MQTT login for devices and gateways: the password is an ingest token; the username must name
 * what the token stands for — the household id (household token), the device's id or external
 * id (device token), or the credential id (either). The token alone decides the scope; the
 * username only guards against a token pasted into the wrong device.
 */
export async function checkMqttLogin(db: Db, username: string | undefined, password: Buffer | undefined): Promise<MqttLogin> {
  if (!username || !password || password.length > 256) return { ok: false, reason: 'wrong_password', credentialId: null };
  const principal = await findCredentialByToken(db, password.toString('utf8'));
  if (!principal) return { ok: false, reason: 'wrong_password', credentialId: null };
  const names = [principal.credentialId, ...(principal.device ? [principal.device.id, principal.device.externalId] : [principal.householdId])];
  return names.includes(username) ? { ok: true, principal } : { ok: false, reason: 'wrong_username', credentialId: principal.credentialId };
}

export async function authenticateMqtt(db: Db, username: string | undefined, password: Buffer | undefined): Promise<IngestPrincipal | null> {
  const login = await checkMqttLogin(db, username, password);
  return login.ok ? login.principal : null;
}

/**
 * The embedded broker's login and refusal hooks, recording each refusal on the credential it
 * concerns (decision 094) so the pairing screen can say what to check. A refused login with a
 * token that is no live one names its credential only through the username; recording never
 * holds up or fails the broker's answer.
 */
export function mqttLoginWithRefusals(db: Db, logger: Logger, now: () => Date = () => new Date()) {
  const swallow = (error: unknown) => logger.warn({ err: error }, 'Recording an MQTT refusal failed');
  return {
    authenticate: async (username: string | undefined, password: Buffer | undefined, clientId: string): Promise<IngestPrincipal | null> => {
      const login = await checkMqttLogin(db, username, password);
      if (login.ok) return login.principal;
      if (login.credentialId) recordRefusal(db, login.credentialId, { reason: login.reason, topic: null, at: now() }).catch(swallow);
      else if (username) recordLoginRefusal(db, { username, clientId, reason: login.reason, at: now() }).catch(swallow);
      return null;
    },
    onRefused: (principal: IngestPrincipal, reason: MqttRefusalReason, topic: string | null) => {
      recordRefusal(db, principal.credentialId, { reason, topic: topic?.slice(0, 256) ?? null, at: now() }).catch(swallow);
    },
  };
}
