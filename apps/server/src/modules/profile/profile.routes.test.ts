import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, twoFactors, users } from '../../db/schema/auth.schema';
import { consents } from '../../db/schema/consent.schema';
import { emailOutbox } from '../../db/schema/email-outbox.schema';
import { profiles } from '../../db/schema/profile.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sharedTestDatabase } from '../../test/test-database';
import { asMember, cookieHeader, createMember, totpFromUri } from '../../test/test-session';

// Both apps have the default config and every check reads its own new members' rows, so they share
// one database instead of starting two (a start is most of an app's setup).
const database = sharedTestDatabase();

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: database() });
  });
  afterAll(() => t.close());

  it('GET /api/profile answers the contract shape', async () => {
    const member = await createMember(t.app, { name: 'Luc Gagnon', language: 'fr', marketingConsent: true });
    const res = await t.app.request('/api/profile', { headers: asMember(member) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: member.userId,
      name: 'Luc Gagnon',
      email: member.email,
      emailVerified: false,
      pendingEmail: null,
      language: 'fr',
      timeZone: 'America/Toronto',
      marketingConsent: true,
      utilityDataConsent: false,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('PUT /api/profile saves the name (trimmed) with an ISO updated_at and validates the email', async () => {
    const member = await createMember(t.app);
    const res = await t.app.request('/api/profile', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ name: '  Marie-Ève  ', email: member.email }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; updatedAt: string };
    expect(body.name).toBe('Marie-Ève');
    expect(new Date(body.updatedAt).toISOString()).toBe(body.updatedAt);
    const session = (await (await t.app.request('/api/auth/get-session', { headers: asMember(member) })).json()) as { user: { name: string } };
    expect(session.user.name).toBe('Marie-Ève');

    const bad = await t.app.request('/api/profile', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ name: 'x', email: 'not-an-email' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('PUT /api/profile/preferences sets language and any Canadian time zone', async () => {
    const member = await createMember(t.app);
    const res = await t.app.request('/api/profile/preferences', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ language: 'es', timeZone: 'America/Edmonton' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ language: 'es', timeZone: 'America/Edmonton' });
    const bad = await t.app.request('/api/profile/preferences', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ timeZone: 'Europe/Paris' }) });
    expect(bad.status).toBe(400);
    const empty = await t.app.request('/api/profile/preferences', { method: 'PUT', headers: asMember(member), body: '{}' });
    expect(empty.status).toBe(400);
  });

  it('PUT /api/profile/consents/marketing appends records; the latest one wins', async () => {
    const member = await createMember(t.app, { marketingConsent: false });
    const grant = await t.app.request('/api/profile/consents/marketing', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ granted: true }) });
    expect(await grant.json()).toMatchObject({ marketingConsent: true });
    const withdraw = await t.app.request('/api/profile/consents/marketing', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ granted: false }) });
    expect(await withdraw.json()).toMatchObject({ marketingConsent: false });
    const records = await t.database.db.select().from(consents).where(eq(consents.userId, member.userId));
    expect(records.map((r) => r.granted)).toEqual([false, true, false]);
  });

  it('PUT /api/profile/consents/utility-data records each change with its time and wording; a bad body writes nothing', async () => {
    const member = await createMember(t.app, { marketingConsent: false, language: 'fr' });
    const put = (body: string) => t.app.request('/api/profile/consents/utility-data', { method: 'PUT', headers: asMember(member), body });
    const records = () => t.database.db.select().from(consents).where(and(eq(consents.userId, member.userId), eq(consents.purpose, 'openadr_resource_data'))).orderBy(asc(consents.recordedAt));
    expect(await (await put(JSON.stringify({ granted: true }))).json()).toMatchObject({ utilityDataConsent: true, marketingConsent: false });
    expect(await (await put(JSON.stringify({ granted: false }))).json()).toMatchObject({ utilityDataConsent: false });
    expect((await put(JSON.stringify({ granted: 'yes' }))).status).toBe(400);
    expect((await put('{}')).status).toBe(400);
    const written = await records();
    expect(written.map((r) => ({ granted: r.granted, language: r.language, source: r.source, wordingVersion: r.wordingVersion }))).toEqual([
      { granted: true, language: 'fr', source: 'settings', wordingVersion: 'openadr_resource_data/1' },
      { granted: false, language: 'fr', source: 'settings', wordingVersion: 'openadr_resource_data/1' },
    ]);
    expect(written.every((r) => r.recordedAt instanceof Date)).toBe(true);
  });
});

describe('DELETE /api/account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: database() });
  });
  afterAll(() => t.close());

  const remove = (headers: Record<string, string>, body: unknown) => t.app.request('/api/account', { method: 'DELETE', headers, body: JSON.stringify(body) });

  it('refuses a wrong confirmation and changes nothing', async () => {
    const member = await createMember(t.app);
    for (const body of [{ confirmation: 'delete' }, {}, { confirmation: 'DELETE ' }]) {
      const res = await remove(asMember(member), body);
      expect(res.status).toBe(400);
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(user!.email).toBe(member.email);
    expect((await t.app.request('/api/profile', { headers: asMember(member) })).status).toBe(200);
  });

  it('anonymises the member, removes sign-in methods and 2FA, ends every session, keeps the user id', async () => {
    const member = await createMember(t.app, { language: 'fr', name: 'Sophie Côté' });
    const enabled = await t.app.request('/api/auth/two-factor/enable', { method: 'POST', headers: asMember(member), body: JSON.stringify({ password: member.password }) });
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const verified = await t.app.request('/api/auth/two-factor/verify-totp', { method: 'POST', headers: asMember(member), body: JSON.stringify({ code: totpFromUri(totpURI) }) });
    const cookie = cookieHeader(verified, member.cookie);
    await t.accounts.mailer.settle();

    const res = await remove(asMember({ cookie }), { confirmation: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /^peakwise\.session_token=;.*Max-Age=0/.test(c))).toBe(true);

    const [user] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(user).toMatchObject({ email: `deleted-${member.userId}@deleted.invalid`, name: '', birthDate: null, gender: null, emailVerified: false, twoFactorEnabled: false });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, member.userId));
    expect(profile).toMatchObject({ name: '', email: `deleted-${member.userId}@deleted.invalid`, pendingEmail: null });
    expect(profile!.deletedAt).toBeInstanceOf(Date);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, member.userId))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, member.userId))).toEqual([]);
    const lastConsent = (await t.database.db.select().from(consents).where(eq(consents.userId, member.userId))).at(-1);
    expect(lastConsent!.granted).toBe(false);

    expect((await t.app.request('/api/profile', { headers: { cookie } })).status).toBe(401);
    const signIn = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
    expect(signIn.status).toBe(401);

    await t.accounts.mailer.settle();
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(mail.map((m) => [m.kind, m.language])).toEqual([['account-deleted', 'fr']]);
    expect(mail[0]!.subject).toBe('Votre compte Peakwise a été supprimé');

    // The address is free again.
    const again = await createMember(t.app, { email: member.email });
    expect(again.userId).not.toBe(member.userId);
  });
});
