import { createAccount, createOperator, createUser, fromPublic } from 'nkeys.js';
import { describe, expect, it } from 'vitest';
import { accountJwtWithRevocations, decodeNatsJwt, natsLoginKey, natsUserJwt, signNatsJwt } from './nats-jwt';

const parts = (jwt: string) => jwt.split('.').map((p, i) => (i < 2 ? JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) : p)) as [Record<string, unknown>, Record<string, unknown> & { nats: Record<string, unknown> }, string];
const verified = (jwt: string) => {
  const [header, payload, signature] = jwt.split('.');
  const iss = parts(jwt)[1].iss as string;
  return fromPublic(iss).verify(Buffer.from(`${header}.${payload}`), Buffer.from(signature!, 'base64url'));
};

describe('natsLoginKey', () => {
  it('is a valid NATS user public key, the same for a credential every time and different between credentials', () => {
    const key = natsLoginKey('7b0c4e9e-1d4a-4c53-9d0e-3f1a2b3c4d5e');
    expect(key).toMatch(/^U[A-Z2-7]{55}$/);
    // nkeys checks the prefix and the CRC.
    expect(fromPublic(key).getPublicKey()).toBe(key);
    expect(natsLoginKey('7b0c4e9e-1d4a-4c53-9d0e-3f1a2b3c4d5e')).toBe(key);
    expect(natsLoginKey('7b0c4e9e-1d4a-4c53-9d0e-3f1a2b3c4d5f')).not.toBe(key);
  });
});

describe('NATS JWTs', () => {
  it('signs a user JWT with the account signing key, as a bearer MQTT login with its permissions', () => {
    const account = createAccount();
    const signer = createAccount();
    const user = createUser().getPublicKey();
    const jwt = natsUserJwt({ account: account.getPublicKey(), signer, userKey: user, name: 'plug-1', issuedAt: new Date('2026-11-30T03:00:00Z'), bearer: true, connectionTypes: ['MQTT'], permissions: { publish: ['a.b'], subscribe: ['c.>'] } });
    const [header, claims] = parts(jwt);
    expect(header).toEqual({ typ: 'JWT', alg: 'ed25519-nkey' });
    expect(verified(jwt)).toBe(true);
    expect(claims).toMatchObject({ iat: 1_796_007_600, iss: signer.getPublicKey(), sub: user, name: 'plug-1' });
    expect(claims.nats).toEqual({
      pub: { allow: ['a.b'] },
      sub: { allow: ['c.>'] },
      subs: -1,
      data: -1,
      payload: -1,
      bearer_token: true,
      allowed_connection_types: ['MQTT'],
      issuer_account: account.getPublicKey(),
      type: 'user',
      version: 2,
    });
    expect(decodeNatsJwt(jwt).sub).toBe(user);
  });

  it('refuses a JWT whose claims were changed after signing', () => {
    const jwt = signNatsJwt({ iat: 1, sub: createUser().getPublicKey(), nats: { type: 'user', version: 2 } }, createAccount());
    const [header, , signature] = jwt.split('.');
    const forged = Buffer.from(JSON.stringify({ ...parts(jwt)[1], nats: { type: 'user', version: 2, bearer_token: true } })).toString('base64url');
    expect(() => decodeNatsJwt(`${header}.${forged}.${signature}`)).toThrow(/signature/);
  });

  it('adds revocations to an account JWT, keeps the rest, and never moves its issue time back', () => {
    const operator = createOperator();
    const signer = createOperator();
    const account = createAccount().getPublicKey();
    const original = signNatsJwt({ iat: 2_000_000_000, sub: account, name: 'INGEST', nats: { limits: { mem_storage: -1, disk_storage: -1 }, signing_keys: ['AXXX'], revocations: { U1: 100, U2: 500 }, type: 'account', version: 2 } }, operator);
    const updated = accountJwtWithRevocations(original, { U2: 300, U3: 700 }, signer, new Date(1_000_000_000_000));
    const [, claims] = parts(updated);
    expect(verified(updated)).toBe(true);
    expect(claims).toMatchObject({ iat: 2_000_000_000, iss: signer.getPublicKey(), sub: account, name: 'INGEST' });
    expect(claims.nats).toEqual({ limits: { mem_storage: -1, disk_storage: -1 }, signing_keys: ['AXXX'], revocations: { U1: 100, U2: 500, U3: 700 }, type: 'account', version: 2 });
    // A new content is a new id: a full resolver skips a JWT whose id it holds.
    expect(claims.jti).not.toBe(parts(original)[1].jti);
    expect(parts(accountJwtWithRevocations(original, {}, signer, new Date(2_100_000_000_000)))[1].iat).toBe(2_100_000_000);
  });
});
