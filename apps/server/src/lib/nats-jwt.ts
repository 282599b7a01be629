import { createHash } from 'node:crypto';
import { fromPublic, type KeyPair } from 'nkeys.js';

/*
 * NATS's decentralized JWTs (operator mode, decision 132): a header, the claims and an Ed25519
 * signature by the issuer's nkey, each base64url without padding. NATS Server checks the signature
 * against `iss` and ignores what it does not know; `jti` only has to change when the content does
 * (a full resolver skips a JWT whose `jti` it already holds).
 */

const HEADER = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ed25519-nkey' })).toString('base64url');

export type NatsClaims = {
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  iss: string;
  sub: string;
  name?: string;
  nats: Record<string, unknown>;
};

export function signNatsJwt(claims: Omit<NatsClaims, 'jti' | 'iss'>, signer: KeyPair): string {
  const body = { ...claims, iss: signer.getPublicKey() };
  const jti = base32(createHash('sha256').update(JSON.stringify(body)).digest());
  const payload = Buffer.from(JSON.stringify({ jti, ...body })).toString('base64url');
  const signature = Buffer.from(signer.sign(Buffer.from(`${HEADER}.${payload}`))).toString('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** The claims of a JWT whose signature its `iss` made; throws for anything else. */
export function decodeNatsJwt(token: string): NatsClaims {
  const [header, payload, signature] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined) throw new Error('not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as NatsClaims;
  if (!fromPublic(claims.iss).verify(Buffer.from(`${header}.${payload}`), Buffer.from(signature, 'base64url'))) {
    throw new Error('JWT signature does not match its issuer');
  }
  return claims;
}

export type NatsUserPermissions = { publish: string[]; subscribe: string[] };

/**
 * A user of `account`, signed by one of its signing keys. A bearer JWT is a password: NATS does not
 * ask its holder to sign the connection's nonce, which an MQTT client could not do anyway.
 */
export function natsUserJwt(input: {
  account: string;
  signer: KeyPair;
  userKey: string;
  name: string;
  issuedAt: Date;
  bearer: boolean;
  /** NATS's connection types: MQTT, STANDARD, WEBSOCKET…; every type when absent. */
  connectionTypes?: string[];
  /** Every subject of the account when absent. */
  permissions?: NatsUserPermissions;
}): string {
  return signNatsJwt(
    {
      iat: Math.floor(input.issuedAt.getTime() / 1000),
      sub: input.userKey,
      name: input.name,
      nats: {
        ...(input.permissions ? { pub: { allow: input.permissions.publish }, sub: { allow: input.permissions.subscribe } } : { pub: {}, sub: {} }),
        subs: -1,
        data: -1,
        payload: -1,
        ...(input.bearer ? { bearer_token: true } : {}),
        ...(input.connectionTypes ? { allowed_connection_types: input.connectionTypes } : {}),
        issuer_account: input.account,
        type: 'user',
        version: 2,
      },
    },
    input.signer,
  );
}

/**
 * The account's JWT again, with these users revoked as of the given second (a user JWT issued at or
 * before it is refused) besides those it already revoked, signed by `signer` (an operator signing
 * key). Everything else the deployment put in it stays. `iat` never goes back: a full resolver
 * keeps the JWT it holds when the one pushed was issued earlier.
 */
export function accountJwtWithRevocations(accountJwt: string, revocations: Record<string, number>, signer: KeyPair, now: Date): string {
  const { jti: _jti, iss: _iss, ...claims } = decodeNatsJwt(accountJwt);
  const held = (claims.nats.revocations ?? {}) as Record<string, number>;
  const merged: Record<string, number> = { ...held };
  for (const [key, at] of Object.entries(revocations)) merged[key] = Math.max(held[key] ?? 0, at);
  return signNatsJwt({ ...claims, iat: Math.max(claims.iat, Math.floor(now.getTime() / 1000)), nats: { ...claims.nats, revocations: merged } }, signer);
}

const USER_PREFIX = 20 << 3;

/**
 * The NATS user key a Peakwise credential logs in as: derived from its id alone, so its revocation
 * needs nothing stored at pairing and survives a change of signing key. No private key exists for
 * it; none is needed, since bearer JWTs are never asked to sign.
 */
export function natsLoginKey(credentialId: string): string {
  const raw = createHash('sha256').update(`peakwise nats login ${credentialId}`).digest();
  const body = Buffer.concat([Buffer.from([USER_PREFIX]), raw]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(crc16(body));
  return base32(Buffer.concat([body, crc]));
}

/** CRC-16/XMODEM, the checksum nkeys append. */
function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as nkeys and JWT ids are written. */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}
