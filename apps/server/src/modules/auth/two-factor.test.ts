import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactors, users } from '../../db/schema/auth.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, totpFromUri, type Member } from '../../test/test-session';

const json = { 'content-type': 'application/json' };

describe('two-factor authentication (TOTP + backup codes)', () => {
  let t: TestApp;
  let member: Member;
  let totpURI: string;
  let backupCodes: string[];
  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t.app);
  });
  afterAll(() => t.close());

  const signIn = () => t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, password: member.password }) });

  it('enrols: password → TOTP URI and backup codes, confirmed by a first code', async () => {
    const wrong = await t.app.request('/api/auth/two-factor/enable', { method: 'POST', headers: asMember(member), body: JSON.stringify({ password: 'not-my-password-9' }) });
    expect(wrong.status).toBe(400);

    const res = await t.app.request('/api/auth/two-factor/enable', { method: 'POST', headers: asMember(member), body: JSON.stringify({ password: member.password }) });
    expect(res.status).toBe(200);
    ({ totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] });
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Peakwise:.+\?secret=[A-Z2-7]+/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Peakwise');
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    // Not on until a code proves the authenticator app has the secret.
    let [user] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(user!.twoFactorEnabled).toBe(false);
    const verify = await t.app.request('/api/auth/two-factor/verify-totp', { method: 'POST', headers: asMember(member), body: JSON.stringify({ code: totpFromUri(totpURI) }) });
    expect(verify.status).toBe(200);
    member = { ...member, cookie: cookieHeader(verify, member.cookie) };
    [user] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(user!.twoFactorEnabled).toBe(true);
    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, member.userId));
    expect(row!.secret).not.toContain(new URL(totpURI).searchParams.get('secret'));
  });

  it('asks for a second factor at sign-in, and only a valid code creates a session', async () => {
    const first = await signIn();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const challenge = cookieHeader(first);
    expect(challenge).toMatch(/peakwise\.two_factor=/);
    expect(challenge).not.toMatch(/session_token/);
    expect((await t.app.request('/api/profile', { headers: { cookie: challenge } })).status).toBe(401);

    const bad = await t.app.request('/api/auth/two-factor/verify-totp', { method: 'POST', headers: asMember({ cookie: challenge }), body: JSON.stringify({ code: '000000' }) });
    expect(bad.status).toBe(401);

    const good = await t.app.request('/api/auth/two-factor/verify-totp', { method: 'POST', headers: asMember({ cookie: challenge }), body: JSON.stringify({ code: totpFromUri(totpURI) }) });
    expect(good.status).toBe(200);
    // The session token travels in the HttpOnly cookie only, never in the body.
    const body = (await good.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ user: { id: member.userId } });
    expect(body).not.toHaveProperty('token');
    const session = cookieHeader(good);
    expect(session).toMatch(/peakwise\.session_token=/);
    expect((await t.app.request('/api/profile', { headers: { cookie: session } })).status).toBe(200);
  });

  it('accepts a backup code once', async () => {
    const useBackup = async () => {
      const challenge = cookieHeader(await signIn());
      return t.app.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', headers: asMember({ cookie: challenge }), body: JSON.stringify({ code: backupCodes[0] }) });
    };
    const once = await useBackup();
    expect(once.status).toBe(200);
    expect((await t.app.request('/api/profile', { headers: { cookie: cookieHeader(once) } })).status).toBe(200);
    expect((await useBackup()).status).toBe(401);
  });
});
