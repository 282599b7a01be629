import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema/auth.schema';
import { emailOutbox } from '../../db/schema/email-outbox.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember } from '../../test/test-session';
import { linkIn, startSmtpCapture } from './smtp-capture.test-helper';

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;
const json = { 'content-type': 'application/json' };

describe('account emails over real SMTP', () => {
  let smtp: Smtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const path = (url: string) => url.replace('http://localhost:3000', '');

  it('verifies the email address through the link, in the member’s language; the outbox keeps no link', async () => {
    const member = await createMember(t.app, { language: 'fr' });
    await t.accounts.mailer.settle();
    const [mail] = smtp.to(member.email);
    expect(mail!.text).toContain('Confirmez votre adresse courriel');
    const link = linkIn(mail!, /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fapp%2Fdashboard/);

    const res = await t.app.request(path(link));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/app/dashboard');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(user!.emailVerified).toBe(true);

    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    expect(row!.text).not.toContain('token=');
    expect(row!.text).toContain('[link removed]');
  });

  it('resets a forgotten password with a single-use, 30-minute link and signs every device out', async () => {
    const member = await createMember(t.app, { language: 'es' });
    const requested = await t.app.request('/api/auth/request-password-reset', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, redirectTo: '/reset-password' }) });
    expect(requested.status).toBe(200);
    await t.accounts.mailer.settle();
    const mail = smtp.to(member.email).find((m) => m.text.includes('Restablece tu contraseña'))!;
    const link = linkIn(mail, /http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);
    const token = new URL(link).searchParams.get('token')!;

    const [stored] = await t.database.db.select().from(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetime = (stored!.expiresAt.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(1790);
    expect(lifetime).toBeLessThanOrEqual(1800);

    const weak = await t.app.request('/api/auth/reset-password', { method: 'POST', headers: json, body: JSON.stringify({ token, newPassword: 'password1' }) });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });

    const reset = await t.app.request('/api/auth/reset-password', { method: 'POST', headers: json, body: JSON.stringify({ token, newPassword: 'Brand-new-pass-42' }) });
    expect(reset.status).toBe(200);
    expect((await t.app.request('/api/profile', { headers: { cookie: member.cookie } })).status).toBe(401);

    const again = await t.app.request('/api/auth/reset-password', { method: 'POST', headers: json, body: JSON.stringify({ token, newPassword: 'Another-pass-43' }) });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const old = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, password: member.password }) });
    expect(old.status).toBe(401);
    const fresh = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, password: 'Brand-new-pass-42' }) });
    expect(fresh.status).toBe(200);

    await t.accounts.mailer.settle();
    expect(smtp.to(member.email).some((m) => m.text.includes('Se cambió tu contraseña'))).toBe(true);
  });

  it('changes the account email only when the link sent to the new address is followed', async () => {
    const member = await createMember(t.app);
    const newEmail = `moved-${member.userId.slice(0, 8).toLowerCase()}@example.org`;
    const res = await t.app.request('/api/profile', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ name: 'Marie', email: newEmail }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: member.email, pendingEmail: newEmail, name: 'Marie' });

    await t.accounts.mailer.settle();
    const [mail] = smtp.to(newEmail);
    expect(mail!.text).toContain('Confirm your new Peakwise email address');
    const link = linkIn(mail!, /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fapp%2Fsettings/);

    const followed = await t.app.request(path(link), { headers: { cookie: member.cookie } });
    expect(followed.status).toBe(302);
    const cookie = cookieHeader(followed, member.cookie);
    const profile = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
    expect(profile).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
  });

  it('changes the password with the policy applied and tells the member by email', async () => {
    const member = await createMember(t.app);
    const change = (newPassword: string) =>
      t.app.request('/api/auth/change-password', { method: 'POST', headers: asMember(member), body: JSON.stringify({ currentPassword: member.password, newPassword, revokeOtherSessions: true }) });
    const weak = await change('qwerty123');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    const ok = await change('Changed-pass-77');
    expect(ok.status).toBe(200);
    await t.accounts.mailer.settle();
    expect(smtp.to(member.email).some((m) => m.text.includes('Your Peakwise password was changed'))).toBe(true);
  });
});

describe('account emails without SMTP', () => {
  it('go to the outbox table with their links', async () => {
    const t = await createTestApp();
    try {
      const member = await createMember(t.app);
      await t.accounts.mailer.settle();
      const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
      expect(row).toMatchObject({ kind: 'verify-email', language: 'en', sentAt: null, error: null });
      expect(row!.text).toContain('/api/auth/verify-email?token=');
      expect(row!.html).toContain('<html lang="en">');
    } finally {
      await t.close();
    }
  });
});
