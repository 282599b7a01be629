import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';

/*
 * Device logins minted by Peakwise on a NATS Server in operator mode (decision 132). Four variables
 * or none. Errors name the variable, never its value: these are the keys to the broker.
 */

export type NatsLoginsConfig = {
  /** The ingest account's public key (A…): the account devices and workers log in to. */
  account: string;
  /** A signing key of that account (seed SA…): signs each device's user JWT. */
  accountSigningSeed: string;
  /** An operator signing key (seed SO…): signs the account's JWT when a login is revoked. */
  operatorSigningSeed: string;
  /** A system-account user's credentials file, read at start: it pushes the account's JWT. */
  systemCreds: string;
};

export const NATS_ACCOUNT = /^A[A-Z2-7]{55}$/;
export const NATS_ACCOUNT_SEED = /^SA[A-Z2-7]{56}$/;
export const NATS_OPERATOR_SEED = /^SO[A-Z2-7]{56}$/;

export function natsLoginsConfig(
  e: { NATS_ACCOUNT?: string; NATS_ACCOUNT_SIGNING_SEED?: string; NATS_OPERATOR_SIGNING_SEED?: string; NATS_SYSTEM_CREDS?: string },
  natsUrl: string | undefined,
  mosquittoLogins: boolean,
): NatsLoginsConfig | undefined {
  const given = { NATS_ACCOUNT: e.NATS_ACCOUNT, NATS_ACCOUNT_SIGNING_SEED: e.NATS_ACCOUNT_SIGNING_SEED, NATS_OPERATOR_SIGNING_SEED: e.NATS_OPERATOR_SIGNING_SEED, NATS_SYSTEM_CREDS: e.NATS_SYSTEM_CREDS };
  const set = Object.entries(given).filter(([, value]) => value !== undefined);
  if (set.length === 0) return undefined;
  const missing = Object.entries(given).find(([, value]) => value === undefined);
  if (missing) throw new ConfigError(missing[0], `must be set with ${set.map(([name]) => name).join(', ')}: Peakwise mints NATS logins with all four or none`);
  if (natsUrl === undefined) throw new ConfigError('NATS_ACCOUNT', 'needs NATS_URL: the logins are on NATS Server');
  if (mosquittoLogins) throw new ConfigError('NATS_ACCOUNT', 'cannot go with MQTT_DYNSEC_USERNAME: the logins are either Mosquitto’s or NATS’s');
  if (!NATS_ACCOUNT.test(given.NATS_ACCOUNT!)) throw new ConfigError('NATS_ACCOUNT', 'must be an account public key (A… , 56 characters)');
  if (!NATS_ACCOUNT_SEED.test(given.NATS_ACCOUNT_SIGNING_SEED!)) throw new ConfigError('NATS_ACCOUNT_SIGNING_SEED', 'must be an account seed (SA…, 58 characters)');
  if (!NATS_OPERATOR_SEED.test(given.NATS_OPERATOR_SIGNING_SEED!)) throw new ConfigError('NATS_OPERATOR_SIGNING_SEED', 'must be an operator seed (SO…, 58 characters)');
  let systemCreds: string;
  try {
    systemCreds = readFileSync(given.NATS_SYSTEM_CREDS!, 'utf8');
  } catch {
    throw new ConfigError('NATS_SYSTEM_CREDS', 'must be the path of a readable credentials file (nsc generate creds)');
  }
  if (!systemCreds.includes('BEGIN NATS USER JWT') || !systemCreds.includes('BEGIN USER NKEY SEED')) {
    throw new ConfigError('NATS_SYSTEM_CREDS', 'must be a NATS credentials file: a user JWT and its seed');
  }
  return { account: given.NATS_ACCOUNT!, accountSigningSeed: given.NATS_ACCOUNT_SIGNING_SEED!, operatorSigningSeed: given.NATS_OPERATOR_SIGNING_SEED!, systemCreds };
}
