import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySql, SESSIONS_CHANNEL } from '../../lib/notify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, signInAgain, TEST_ORIGIN } from '../../test/test-session';
import { createLiveHub } from '../live/live-hub';
import { clearSessionsOnWrite, createSessionCache } from './session-cache';

const user = { id: 'u1', email: 'a@example.com', name: 'A' };

describe('session cache', () => {
  it('forgets a session after its time to live or its expiry, and ignores a lookup overtaken by a clear', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => now });
    cache.set('k', { user, sessionId: 's1', expiresAt: 100_000, memo: new Map() }, cache.generation());
    expect(cache.get('k')?.sessionId).toBe('s1');
    now = 5_999;
    expect(cache.get('k')).toBeDefined();
    now = 6_000;
    expect(cache.get('k')).toBeUndefined();

    cache.set('k', { user, sessionId: 's1', expiresAt: 7_000, memo: new Map() }, cache.generation());
    now = 7_000;
    expect(cache.get('k')).toBeUndefined();

    // A sign-out cleared the cache while this lookup was reading the (now deleted) session.
    const seen = cache.generation();
    cache.clear();
    cache.set('k', { user, sessionId: 's1', expiresAt: 100_000, memo: new Map() }, seen);
    expect(cache.get('k')).toBeUndefined();
  });

  it('is cleared, and the change announced, by writes that can end a session, not by a sign-in or sign-up, which only add one (decision 072)', async () => {
    const cache = createSessionCache({ ttlMs: 5_000 });
    let announced = 0;
    const app = new Hono();
    app.use(
      '/api/*',
      clearSessionsOnWrite(cache, () => false, async () => {
        announced += 1;
      }),
    );
    app.all('/api/*', (c) => c.body(null, 204));
    const after = async (method: string, path: string) => {
      const before = { generation: cache.generation(), announced };
      await app.request(path, { method });
      return { cleared: cache.generation() !== before.generation, announced: announced - before.announced };
    };
    expect(await after('POST', '/api/auth/sign-in/email')).toEqual({ cleared: false, announced: 0 });
    expect(await after('POST', '/api/auth/sign-up/email')).toEqual({ cleared: false, announced: 0 });
    expect(await after('GET', '/api/auth/get-session')).toEqual({ cleared: false, announced: 0 });
    expect(await after('GET', '/api/dashboard')).toEqual({ cleared: false, announced: 0 });
    for (const [method, path] of [
      ['POST', '/api/auth/sign-out'],
      ['POST', '/api/auth/revoke-session'],
      ['POST', '/api/auth/change-password'],
      ['GET', '/api/auth/verify-email'],
      ['DELETE', '/api/sessions/s1'],
      ['PUT', '/api/profile'],
    ] as const) {
      expect(await after(method, path), `${method} ${path}`).toEqual({ cleared: true, announced: 1 });
    }
  });

  describe('in the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());
    const household = (cookie: string) => t.app.request('/api/household', { headers: { cookie, origin: TEST_ORIGIN } });
    const signIn = async (member: { email: string; password: string }) => cookieHeader(await signInAgain(t.app, member));

    it('a session revoked from another device or signed out stops working on the very next request', async () => {
      const member = await createMember(t.app);
      const laptop = await signIn(member);
      // Both sessions are now cached.
      expect((await household(member.cookie)).status).toBe(200);
      expect((await household(laptop)).status).toBe(200);

      const sessions = (await (await t.app.request('/api/sessions', { headers: { cookie: laptop } })).json()) as { id: string; current: boolean }[];
      const phone = sessions.find((s) => !s.current)!;
      expect((await t.app.request(`/api/sessions/${phone.id}`, { method: 'DELETE', headers: asMember({ cookie: laptop }) })).status).toBe(204);
      expect((await household(member.cookie)).status).toBe(401);
      expect((await household(laptop)).status).toBe(200);

      expect((await t.app.request('/api/auth/sign-out', { method: 'POST', headers: asMember({ cookie: laptop }), body: '{}' })).status).toBe(200);
      expect((await household(laptop)).status).toBe(401);
    });

    it('a sign-out in one server process ends the session in another on the same database, well before its cache would expire', async () => {
      // A second app with its own session cache and LISTEN session: a second server process.
      const other = await createTestApp({ database: t.database });
      try {
        const member = await createMember(t.app);
        const elsewhere = (cookie: string) => other.app.request('/api/household', { headers: { cookie, origin: TEST_ORIGIN } });
        expect((await elsewhere(member.cookie)).status).toBe(200);
        // Cached there now: with the database row gone it would still answer 200 for 5 s.
        expect((await t.app.request('/api/auth/sign-out', { method: 'POST', headers: asMember({ cookie: member.cookie }), body: '{}' })).status).toBe(200);
        await expect.poll(async () => (await elsewhere(member.cookie)).status, { timeout: 1_000, interval: 20 }).toBe(401);
      } finally {
        await other.close();
      }
    });

    it('signing in or up tells no other process to forget its sessions, and the sessions cached before stay valid', async () => {
      const hub = createLiveHub(t.database);
      let heard = 0;
      hub.onSessionsChanged(() => (heard += 1));
      await hub.start();
      try {
        const member = await createMember(t.app);
        expect((await household(member.cookie)).status).toBe(200);
        heard = 0;
        const laptop = await signIn(member);
        await createMember(t.app);
        // Notifications arrive in order: once this marker is heard, any the sign-in or sign-up sent would have been.
        await t.database.db.execute(notifySql(SESSIONS_CHANNEL, {}));
        await expect.poll(() => heard, { timeout: 2_000 }).toBeGreaterThan(0);
        expect(heard).toBe(1);
        expect((await household(member.cookie)).status).toBe(200);
        expect((await household(laptop)).status).toBe(200);
      } finally {
        await hub.close();
      }
    });

    it('reading the session (every page load) tells no other process to forget its sessions; signing out does', async () => {
      const hub = createLiveHub(t.database);
      let heard = 0;
      hub.onSessionsChanged(() => (heard += 1));
      await hub.start();
      try {
        const member = await createMember(t.app);
        // Notifications arrive in order: once this one is heard, signing up's have been too.
        const before = heard;
        await t.database.db.execute(notifySql(SESSIONS_CHANNEL, {}));
        await expect.poll(() => heard, { timeout: 2_000 }).toBeGreaterThan(before);
        heard = 0;
        const read = await t.app.request('/api/auth/get-session', { headers: { cookie: member.cookie, origin: TEST_ORIGIN } });
        expect(read.status).toBe(200);
        expect((await household(member.cookie)).status).toBe(200);
        expect((await t.app.request('/api/auth/sign-out', { method: 'POST', headers: asMember({ cookie: member.cookie }), body: '{}' })).status).toBe(200);
        // The same order: once the sign-out's is heard, the read's would have been.
        await expect.poll(() => heard, { timeout: 2_000 }).toBeGreaterThan(0);
        expect(heard).toBe(1);
      } finally {
        await hub.close();
      }
    });
  });
});
