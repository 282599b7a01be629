import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_WORDING } from '@peakwise/contracts/account.contract';
import { users } from '../../db/schema/auth.schema';
import { consents } from '../../db/schema/consent.schema';
import { emailOutbox } from '../../db/schema/email-outbox.schema';
import { profiles } from '../../db/schema/profile.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, signUpBody } from '../../test/test-session';

describe('POST /api/auth/sign-up/email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (body: unknown) =>
    t.app.request('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('creates the member, profile and consent record, signs them in and sends a verification email', async () => {
    const body = signUpBody({ email: 'Camille.Roy@Example.com', confirmEmail: 'camille.roy@example.com', name: 'Camille', marketingConsent: true, language: 'fr', gender: 'non-binary', birthDate: '1990-02-28' });
    const res = await signUp(body);
    expect(res.status).toBe(200);
    const json = (await res.json()) as { token: unknown; user: Record<string, unknown> };
    expect(json.token).toBeNull();
    expect(Object.keys(json.user)).toEqual(['id', 'email', 'name', 'image', 'emailVerified', 'createdAt', 'updatedAt']);
    expect(json.user).toMatchObject({ email: 'camille.roy@example.com', name: 'Camille', emailVerified: false });
    expect(json.user).not.toHaveProperty('birthDate');
    expect(json.user).not.toHaveProperty('gender');

    const cookie = cookieHeader(res);
    expect(cookie).toMatch(/^peakwise\.session_token=/);
    const session = await t.app.request('/api/auth/get-session', { headers: { cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe('camille.roy@example.com');

    const id = json.user.id as string;
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ birthDate: '1990-02-28', gender: 'non-binary' });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile).toMatchObject({ name: 'Camille', email: 'camille.roy@example.com', language: 'fr', timeZone: 'America/Toronto' });
    const records = await t.database.db.select().from(consents).where(eq(consents.userId, id));
    expect(records).toEqual([expect.objectContaining({ purpose: 'marketing_data_sharing', granted: true, wording: MARKETING_CONSENT_WORDING, language: 'fr' })]);

    await t.accounts.mailer.settle();
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'camille.roy@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'verify-email', language: 'fr', subject: 'Confirmez votre adresse courriel pour Peakwise' });
    expect(mail[0]!.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fapp%2Fdashboard/);
  });

  it.each([
    [{ confirmEmail: 'other@example.com' }, 'EMAIL_MISMATCH', 'Email addresses do not match'],
    [{ birthDate: '1899-12-31' }, 'INVALID_BIRTH_DATE', 'Please enter a valid birth date'],
    [{ birthDate: '2001-02-29' }, 'INVALID_BIRTH_DATE', 'Please enter a valid birth date'],
    [{ birthDate: `${new Date().getUTCFullYear() + 1}-01-01` }, 'INVALID_BIRTH_DATE', 'Please enter a valid birth date'],
    [{ birthDate: '15/06/1985' }, 'INVALID_BIRTH_DATE', 'Please enter a valid birth date'],
    [{ gender: 'Female' }, 'INVALID_GENDER', 'Gender must be male, female or non-binary'],
    [{ password: 'short' }, 'PASSWORD_TOO_SHORT', 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'PASSWORD_TOO_LONG', 'Password must be at most 128 characters'],
    [{ password: 'Password123' }, 'PASSWORD_TOO_COMMON', 'This password is too common. Choose one that is harder to guess.'],
    [{ name: 'Correct Horse', password: 'correct horse' }, 'PASSWORD_MATCHES_PERSONAL_INFO', 'Your password must not be your email address or name.'],
    [{ language: 'de' }, 'INVALID_LANGUAGE', 'Language must be en, fr or es'],
  ])('refuses %j with 400 %s', async (overrides, code, message) => {
    const body = signUpBody(overrides);
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code, message });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('answers a taken email exactly like a new one, without a session, and warns the owner', async () => {
    const owner = await createMember(t.app, { language: 'es' });
    await t.accounts.mailer.settle();

    const fresh = await signUp(signUpBody({ name: 'Attacker' }));
    const taken = await signUp(signUpBody({ email: owner.email.toUpperCase(), confirmEmail: owner.email, name: 'Attacker' }));
    expect(taken.status).toBe(fresh.status);
    const [a, b] = (await Promise.all([fresh.json(), taken.json()])) as [Record<string, Record<string, unknown>>, Record<string, Record<string, unknown>>];
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(Object.keys(b.user!)).toEqual(Object.keys(a.user!));
    expect(b.token).toBeNull();
    expect(b.user!.email).toBe(owner.email);
    expect(b.user!.id).not.toBe(owner.userId);
    expect(taken.headers.getSetCookie()).toEqual([]);

    await t.accounts.mailer.settle();
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, owner.email));
    expect(mail.map((m) => m.kind).sort()).toEqual(['existing-account-sign-up-attempt', 'verify-email']);
    const notice = mail.find((m) => m.kind === 'existing-account-sign-up-attempt')!;
    expect(notice.language).toBe('es');
    expect(notice.subject).toBe('Alguien intentó registrarse en Peakwise con tu correo electrónico');

    // The owner's account is untouched: their password still works.
    const signIn = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) });
    expect(signIn.status).toBe(200);
  });

  it.each([
    ['left out', {}],
    ['null', { birthDate: null, gender: null }],
    ['empty', { birthDate: '', gender: '' }],
  ])('signs up with birth date and gender %s: only email, its confirmation, password and name are required', async (_, optional) => {
    const { birthDate: _b, gender: _g, ...required } = signUpBody();
    const body = { ...required, ...optional };
    const res = await signUp(body);
    expect(res.status, await res.clone().text()).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ birthDate: null, gender: null });
  });

  it('keeps refusing a birth date or gender that is given but not valid, without the other', async () => {
    const { birthDate: _b, gender: _g, ...required } = signUpBody();
    expect(await (await signUp({ ...required, gender: 'Female' })).json()).toEqual({ code: 'INVALID_GENDER', message: 'Gender must be male, female or non-binary' });
    expect(await (await signUp({ ...required, birthDate: '1985-13-01' })).json()).toEqual({ code: 'INVALID_BIRTH_DATE', message: 'Please enter a valid birth date' });
    expect(await t.database.db.select().from(users).where(eq(users.email, required.email))).toEqual([]);
  });

  it('ignores fields a member may not set', async () => {
    const body = { ...signUpBody(), emailVerified: true, twoFactorEnabled: true };
    const res = await signUp(body);
    expect(res.status).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ emailVerified: false, twoFactorEnabled: false });
  });

  it('records a declined consent too', async () => {
    const member = await createMember(t.app, { marketingConsent: false });
    const records = await t.database.db.select().from(consents).where(eq(consents.userId, member.userId));
    expect(records).toEqual([expect.objectContaining({ granted: false })]);
    const profile = await t.app.request('/api/profile', { headers: asMember(member) });
    expect(await profile.json()).toMatchObject({ marketingConsent: false, language: 'en', timeZone: 'America/Toronto' });
  });
});
