import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import { users } from '../../db/schema/auth.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader } from '../../test/test-session';
import { ensureDemoAccount } from './seed-demo-account';

describe('ensureDemoAccount', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = () =>
    t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }) });

  it('creates a verified member that signs in with the published credentials, once', async () => {
    const id = await ensureDemoAccount({ auth: t.accounts.auth, db: t.database.db });
    expect(await ensureDemoAccount({ auth: t.accounts.auth, db: t.database.db })).toBe(id);
    expect(await t.database.db.select().from(users).where(eq(users.email, DEMO_EMAIL))).toHaveLength(1);

    const res = await signIn();
    expect(res.status).toBe(200);
    const profile = await (await t.app.request('/api/profile', { headers: { cookie: cookieHeader(res) } })).json();
    expect(profile).toMatchObject({ id, name: 'Alex Martin', email: DEMO_EMAIL, emailVerified: true, language: 'en', timeZone: 'America/Toronto' });
  });

  it('cannot be locked by a visitor: password, email, 2FA and deletion are refused', async () => {
    const cookie = cookieHeader(await signIn());
    const headers = asMember({ cookie });
    const attempts = [
      t.app.request('/api/auth/change-password', { method: 'POST', headers, body: JSON.stringify({ currentPassword: DEMO_PASSWORD, newPassword: 'Taken-over-123' }) }),
      t.app.request('/api/auth/two-factor/enable', { method: 'POST', headers, body: JSON.stringify({ password: DEMO_PASSWORD }) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'DEMO_ACCOUNT_READ_ONLY', message: 'The demo account cannot be changed.' });
    }
    // better-auth's own change-email is closed to everyone (decision 030); Settings changes the email through /api/profile.
    expect((await t.app.request('/api/auth/change-email', { method: 'POST', headers, body: JSON.stringify({ newEmail: 'mine@example.com' }) })).status).toBe(404);
    const email = await t.app.request('/api/profile', { method: 'PUT', headers, body: JSON.stringify({ name: 'Alex', email: 'mine@example.com' }) });
    expect(email.status).toBe(403);
    const deletion = await t.app.request('/api/account', { method: 'DELETE', headers, body: JSON.stringify({ confirmation: 'DELETE' }) });
    expect(deletion.status).toBe(403);
    expect(await deletion.json()).toEqual({ error: { code: 'demo_account_read_only', message: 'The demo account cannot be changed.' } });
    expect((await signIn()).status).toBe(200);
  });

  it('puts the name back on the next start', async () => {
    const cookie = cookieHeader(await signIn());
    // Visitors can no longer rename it (decision 082); a name left from before that is put back.
    await t.database.db.execute(sql`update profiles set name = 'Renamed' where email = ${DEMO_EMAIL}`);
    expect(((await (await t.app.request('/api/profile', { headers: { cookie } })).json()) as { name: string }).name).toBe('Renamed');
    await ensureDemoAccount({ auth: t.accounts.auth, db: t.database.db });
    const profile = (await (await t.app.request('/api/profile', { headers: { cookie } })).json()) as { name: string };
    expect(profile.name).toBe('Alex Martin');
  });
});
