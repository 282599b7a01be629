import { createHmac, randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

export type Member = { cookie: string; userId: string; email: string; password: string };

export type SignUpOverrides = Partial<{
  email: string;
  confirmEmail: string;
  password: string;
  name: string;
  birthDate: string;
  gender: string;
  marketingConsent: boolean;
  language: string;
}>;

/** The test config's PUBLIC_URL origin, which better-auth and the origin guard trust. */
export const TEST_ORIGIN = 'http://localhost:3000';

export function signUpBody(overrides: SignUpOverrides = {}) {
  const email = overrides.email ?? `member-${randomBytes(6).toString('hex')}@example.com`;
  return {
    email,
    confirmEmail: overrides.confirmEmail ?? email,
    password: overrides.password ?? `Solar-panel-${randomBytes(4).toString('hex')}`,
    name: overrides.name ?? 'Marie Tremblay',
    birthDate: overrides.birthDate ?? '1985-06-15',
    gender: overrides.gender ?? 'female',
    marketingConsent: overrides.marketingConsent ?? false,
    language: overrides.language ?? 'en',
  };
}

/** "name=value; name2=value2" from a response's Set-Cookie headers (expired ones dropped). */
export function cookieHeader(res: Response, previous = ''): string {
  const jar = new Map(previous ? previous.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const) : []);
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0/i.test(line) || pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * The session token inside a cookie header (`peakwise.session_token=<token>.<signature>`): what
 * the browser holds. The database keeps only its SHA-256 (decision 071).
 */
export function sessionTokenOf(cookie: string): string {
  const name = 'peakwise.session_token=';
  const pair = cookie.split('; ').find((p) => p.startsWith(name));
  if (!pair) throw new Error(`no session cookie in ${cookie}`);
  const value = decodeURIComponent(pair.slice(name.length));
  return value.slice(0, value.lastIndexOf('.'));
}

/** Signs a fresh member up through the real endpoint; the cookie acts as them in any API test. */
export async function createMember(app: TestApp['app'], overrides: SignUpOverrides = {}): Promise<Member> {
  const body = signUpBody(overrides);
  const res = await app.request('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { user: { id: string } };
  const cookie = cookieHeader(res);
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { cookie, userId: json.user.id, email: body.email, password: body.password };
}

/** Signs an existing member in again through the real endpoint: a new session, its cookie in the answer. */
export function signInAgain(app: TestApp['app'], member: { email: string; password: string }): Promise<Response> {
  return Promise.resolve(
    app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email: member.email, password: member.password }),
    }),
  );
}

/** Headers for a signed-in request from our own site (better-auth wants an Origin with cookies). */
export function asMember(member: { cookie: string }, extra: Record<string, string> = {}) {
  return { cookie: member.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json', ...extra };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(input: string): Buffer {
  let bits = '';
  for (const char of input.replace(/=+$/, '').toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => Number.parseInt(b, 2)));
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) for the secret in an otpauth:// URI. */
export function totpFromUri(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error('no secret in the TOTP URI');
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}
