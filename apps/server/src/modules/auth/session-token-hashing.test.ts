import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client';
import { sessions } from '../../db/schema/auth.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, sessionTokenOf, TEST_ORIGIN, totpFromUri, type Member } from '../../test/test-session';
import type { DBAdapter, Where } from 'better-auth';
import { authSecretOf } from './auth';
import { withHashedSessionTokens } from './session-token-hashing';

const COOKIE = 'peakwise.session_token';
const DAY_MS = 24 * 60 * 60 * 1000;

// Computed here rather than through the module under test, so a wrong hash there cannot agree with itself.
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** A session cookie for `token`, signed with the server's secret as better-auth signs its own. */
function signedCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

type Row = Record<string, unknown>;

/** Just enough of an adapter to see what reaches the database: rows per model, `eq`/`in` only. */
function fakeAdapter(tables: Record<string, Row[]>, transactions: { count: number }): DBAdapter {
  const matches = (row: Row, where: Where[] = []) =>
    where.every((w) => ((w.operator ?? 'eq') === 'in' ? (w.value as unknown[]).includes(row[w.field]) : row[w.field] === w.value));
  const table = (model: string) => (tables[model] ??= []);
  const adapter = {
    id: 'fake',
    create: async ({ model, data }: { model: string; data: Row }) => {
      table(model).push({ ...data });
      return { ...data };
    },
    findOne: async ({ model, where }: { model: string; where: Where[] }) => table(model).find((r) => matches(r, where)) ?? null,
    findMany: async ({ model, where }: { model: string; where?: Where[] }) => table(model).filter((r) => matches(r, where)),
    count: async ({ model, where }: { model: string; where?: Where[] }) => table(model).filter((r) => matches(r, where)).length,
    update: async ({ model, where, update }: { model: string; where: Where[]; update: Row }) => {
      const row = table(model).find((r) => matches(r, where));
      if (row) Object.assign(row, update);
      return row ? { ...row } : null;
    },
    delete: async ({ model, where }: { model: string; where: Where[] }) => {
      tables[model] = table(model).filter((r) => !matches(r, where));
    },
    transaction: async <R>(callback: (trx: DBAdapter) => Promise<R>) => {
      transactions.count += 1;
      return callback(adapter as unknown as DBAdapter);
    },
  };
  return adapter as unknown as DBAdapter;
}

describe('withHashedSessionTokens', () => {
  it('hashes the session token on every path, also inside a transaction, and leaves other models alone', async () => {
    const tables: Record<string, Row[]> = {};
    const transactions = { count: 0 };
    const adapter = withHashedSessionTokens(fakeAdapter(tables, transactions));
    const created = await adapter.transaction((trx) => trx.create<Row>({ model: 'session', data: { id: 's1', token: 'tok-1', userId: 'u1' } }));
    expect(transactions.count).toBe(1);
    expect(tables.session).toEqual([{ id: 's1', token: sha256Hex('tok-1'), userId: 'u1' }]);
    expect(created).toMatchObject({ token: 'tok-1' });

    expect(await adapter.findOne<Row>({ model: 'session', where: [{ field: 'token', value: 'tok-1' }] })).toMatchObject({ id: 's1', token: 'tok-1' });
    expect(await adapter.findOne({ model: 'session', where: [{ field: 'token', value: sha256Hex('tok-1') }] })).toBeNull();
    expect(await adapter.count({ model: 'session', where: [{ field: 'token', value: ['tok-1'], operator: 'in' }] })).toBe(1);

    await adapter.create({ model: 'verification', data: { id: 'v1', token: 'plain' } });
    expect(tables.verification).toEqual([{ id: 'v1', token: 'plain' }]);

    await adapter.delete({ model: 'session', where: [{ field: 'token', value: 'tok-1' }] });
    expect(tables.session).toEqual([]);
  });

  it('answers a stand-in, never the stored hash, for a row found without its token', async () => {
    const tables: Record<string, Row[]> = { session: [{ id: 's2', token: sha256Hex('tok-2'), userId: 'u2' }] };
    const adapter = withHashedSessionTokens(fakeAdapter(tables, { count: 0 }));
    const [listed] = await adapter.findMany<Row>({ model: 'session', where: [{ field: 'userId', value: 'u2' }] });
    expect(listed!.token).not.toBe(sha256Hex('tok-2'));
    expect(listed!.token).not.toBe('tok-2');
    // Outside a better-auth request there is no request state to remember the stand-in in.
    expect(await adapter.findOne({ model: 'session', where: [{ field: 'token', value: listed!.token as string }] })).toBeNull();
  });

  it('refuses comparisons a hash cannot answer, and sessions joined onto another model', async () => {
    const adapter = withHashedSessionTokens(fakeAdapter({}, { count: 0 }));
    await expect(adapter.findMany({ model: 'session', where: [{ field: 'token', value: 'tok', operator: 'starts_with' }] })).rejects.toThrow(/stored hashed/);
    await expect(adapter.findOne({ model: 'user', where: [{ field: 'id', value: 'u1' }], join: { session: true } })).rejects.toThrow(/joined/);
  });
});

describe('session tokens are stored hashed (decision 071)', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp();
    secret = authSecretOf(t.config);
  });
  afterAll(() => t.close());

  const storedTokens = async (userId: string) => (await t.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.token);
  const signIn = async (member: { email: string; password: string }) => {
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(res.status).toBe(200);
    return cookieHeader(res);
  };
  /** Read straight from the database through better-auth, past the app's own session cache. */
  const sessionOf = async (cookie: string) => (await (await t.app.request('/api/auth/get-session', { headers: { cookie } })).json()) as { session: { id: string } } | null;
  const headersOf = (cookie: string) => new Headers({ cookie, origin: TEST_ORIGIN });

  it('keeps only the SHA-256 of the cookie’s token in the sessions table, and the cookie works', async () => {
    const member = await createMember(t.app);
    const laptop = await signIn(member);
    const tokens = [sessionTokenOf(member.cookie), sessionTokenOf(laptop)];
    const stored = await storedTokens(member.userId);
    expect(stored.sort()).toEqual(tokens.map(sha256Hex).sort());
    for (const token of tokens) expect(stored).not.toContain(token);
    expect((await t.app.request('/api/profile', { headers: { cookie: laptop } })).status).toBe(200);
  });

  it('refuses a cookie carrying a stored value, even one signed with the server’s secret', async () => {
    const member = await createMember(t.app);
    const [stored] = await storedTokens(member.userId);
    // The helper signs as better-auth does: the real token, re-signed by it, is accepted.
    expect((await t.app.request('/api/profile', { headers: { cookie: signedCookie(sessionTokenOf(member.cookie), secret) } })).status).toBe(200);
    const stolen = signedCookie(stored!, secret);
    expect((await t.app.request('/api/profile', { headers: { cookie: stolen } })).status).toBe(401);
    expect(await sessionOf(stolen)).toBeNull();
    // Refusing it did not end the member's session.
    expect(await storedTokens(member.userId)).toEqual([stored]);
  });

  it('signs out: the row of the cookie’s session is deleted', async () => {
    const member = await createMember(t.app);
    const laptop = await signIn(member);
    const out = await t.app.request('/api/auth/sign-out', { method: 'POST', headers: asMember({ cookie: laptop }), body: '{}' });
    expect(out.status).toBe(200);
    expect(await storedTokens(member.userId)).toEqual([sha256Hex(sessionTokenOf(member.cookie))]);
    expect(await sessionOf(laptop)).toBeNull();
  });

  it('renews a session due for it: same token in the cookie, later expiry on the stored row', async () => {
    const member = await createMember(t.app);
    const token = sessionTokenOf(member.cookie);
    // Six days and a minute left of seven: last renewed more than a day (updateAge) ago.
    const due = new Date(Date.now() + 6 * DAY_MS - 60_000);
    await t.database.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.userId, member.userId));
    const res = await t.app.request('/api/auth/get-session', { headers: { cookie: member.cookie } });
    expect(res.status).toBe(200);
    const renewed = cookieHeader(res);
    expect(renewed).toContain(`${COOKIE}=`);
    expect(sessionTokenOf(renewed)).toBe(token);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(row!.token).toBe(sha256Hex(token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(due.getTime() + DAY_MS - 60_000);
    expect((await t.app.request('/api/profile', { headers: { cookie: renewed } })).status).toBe(200);
  });

  it('deletes an expired session when its cookie comes back', async () => {
    const member = await createMember(t.app);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(sessions.userId, member.userId));
    expect(await sessionOf(member.cookie)).toBeNull();
    expect(await storedTokens(member.userId)).toEqual([]);
  });

  it('changing the password with revokeOtherSessions leaves one new session, stored hashed', async () => {
    const member = await createMember(t.app);
    const phone = await signIn(member);
    const res = await t.app.request('/api/auth/change-password', {
      method: 'POST',
      headers: asMember(member),
      body: JSON.stringify({ currentPassword: member.password, newPassword: `${member.password}-2`, revokeOtherSessions: true }),
    });
    expect(res.status).toBe(200);
    const fresh = cookieHeader(res, member.cookie);
    expect(sessionTokenOf(fresh)).not.toBe(sessionTokenOf(member.cookie));
    expect(await storedTokens(member.userId)).toEqual([sha256Hex(sessionTokenOf(fresh))]);
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(member.cookie)).toBeNull();
    expect((await sessionOf(fresh))?.session).toBeDefined();
  });

  it('two-factor: enrolling, a challenged sign-in and turning it off leave only the hashes of the cookies in use', async () => {
    const member = await createMember(t.app);
    const post = (path: string, cookie: string, body: unknown) => t.app.request(`/api/auth/${path}`, { method: 'POST', headers: asMember({ cookie }), body: JSON.stringify(body) });
    const { totpURI } = (await (await post('two-factor/enable', member.cookie, { password: member.password })).json()) as { totpURI: string };
    const enrolled = await post('two-factor/verify-totp', member.cookie, { code: totpFromUri(totpURI) });
    expect(enrolled.status).toBe(200);
    const phone = cookieHeader(enrolled, member.cookie);
    const challenge = cookieHeader(await post('sign-in/email', '', { email: member.email, password: member.password }));
    const verified = await post('two-factor/verify-totp', challenge, { code: totpFromUri(totpURI) });
    expect(verified.status).toBe(200);
    const laptop = cookieHeader(verified);
    const hashes = (...cookies: string[]) => cookies.map((c) => sha256Hex(sessionTokenOf(c))).sort();
    expect((await storedTokens(member.userId)).sort()).toEqual(hashes(phone, laptop));

    const off = await post('two-factor/disable', laptop, { password: member.password });
    expect(off.status).toBe(200);
    const renewed = cookieHeader(off, laptop);
    expect(sessionTokenOf(renewed)).not.toBe(sessionTokenOf(laptop));
    expect((await storedTokens(member.userId)).sort()).toEqual(hashes(phone, renewed));
    expect(await sessionOf(laptop)).toBeNull();
    expect((await sessionOf(renewed))?.session).toBeDefined();
  });

  it('the app’s own session list and revocation by id still work', async () => {
    const member = await createMember(t.app);
    const laptop = await signIn(member);
    const list = (await (await t.app.request('/api/sessions', { headers: { cookie: laptop } })).json()) as { id: string; current: boolean }[];
    expect(list).toHaveLength(2);
    const other = list.find((s) => !s.current)!;
    expect((await t.app.request(`/api/sessions/${other.id}`, { method: 'DELETE', headers: asMember({ cookie: laptop }) })).status).toBe(204);
    expect(await storedTokens(member.userId)).toEqual([sha256Hex(sessionTokenOf(laptop))]);
    expect(await sessionOf(member.cookie)).toBeNull();
  });

  // better-auth's own session endpoints answer 404 from outside (auth-endpoints.ts); they are
  // called in-process here so a later opening of one of them finds them working.
  describe('better-auth’s session endpoints, in-process', () => {
    let member: Member;
    let laptop: string;
    let phone: string;
    beforeAll(async () => {
      member = await createMember(t.app);
      laptop = await signIn(member);
      phone = await signIn(member);
    });

    it('list-sessions answers every session, with no stored value and no other session’s token', async () => {
      const listed = await t.accounts.auth.api.listSessions({ headers: headersOf(laptop) });
      expect(listed).toHaveLength(3);
      const stored = await storedTokens(member.userId);
      const tokens = listed.map((s) => s.token);
      for (const value of stored) expect(tokens).not.toContain(value);
      expect(tokens).not.toContain(sessionTokenOf(member.cookie));
      expect(tokens).not.toContain(sessionTokenOf(phone));
    });

    it('revoke-session with a stored value revokes nothing; with the token it revokes that session', async () => {
      const phoneHash = sha256Hex(sessionTokenOf(phone));
      await t.accounts.auth.api.revokeSession({ headers: headersOf(laptop), body: { token: phoneHash } });
      expect(await storedTokens(member.userId)).toContain(phoneHash);
      await t.accounts.auth.api.revokeSession({ headers: headersOf(laptop), body: { token: sessionTokenOf(phone) } });
      expect(await storedTokens(member.userId)).not.toContain(phoneHash);
      expect(await sessionOf(phone)).toBeNull();
    });

    it('revoke-other-sessions keeps the caller’s session and ends the rest', async () => {
      phone = await signIn(member);
      expect(await storedTokens(member.userId)).toHaveLength(3);
      await t.accounts.auth.api.revokeOtherSessions({ headers: headersOf(laptop) });
      expect(await storedTokens(member.userId)).toEqual([sha256Hex(sessionTokenOf(laptop))]);
      expect((await sessionOf(laptop))?.session).toBeDefined();
      expect(await sessionOf(phone)).toBeNull();
      expect(await sessionOf(member.cookie)).toBeNull();
    });

    it('revoke-sessions ends every one of them', async () => {
      phone = await signIn(member);
      await t.accounts.auth.api.revokeSessions({ headers: headersOf(laptop) });
      expect(await storedTokens(member.userId)).toEqual([]);
      expect(await sessionOf(laptop)).toBeNull();
    });
  });

  it('migration 0025 hashes a token stored before it, and that member stays signed in', async () => {
    // Its own database: the migration rewrites every row of the table.
    const before = await createTestApp();
    try {
      const member = await createMember(before.app);
      const token = sessionTokenOf(member.cookie);
      const rows = () => before.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, member.userId));
      const signedIn = async () => ((await (await before.app.request('/api/auth/get-session', { headers: { cookie: member.cookie } })).json()) as object | null) !== null;
      // The row as it was before 0025: the token itself.
      await before.database.db.update(sessions).set({ token }).where(eq(sessions.userId, member.userId));
      expect(await signedIn()).toBe(false);
      const migration = readFileSync(join(MIGRATIONS_DIR, '0025_session_tokens_hashed.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await before.database.db.execute(sql.raw(statement));
      expect(await rows()).toEqual([{ token: sha256Hex(token) }]);
      expect(await signedIn()).toBe(true);
    } finally {
      await before.close();
    }
  });
});
