import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, type Member } from '../../test/test-session';

const json = { 'content-type': 'application/json' };

describe('sign-in, sessions and sign-out', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    // The production hash cost: one test below times it.
    t = await createTestApp({ env: { PASSWORD_HASH_COST: 'owasp' } });
    member = await createMember(t.app);
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });

  it('signs in with an HttpOnly, SameSite=Lax, 7-day session cookie (not Secure outside production)', async () => {
    const res = await signIn(member.email, member.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: member.userId, email: member.email } });
    const [cookie] = res.headers.getSetCookie().filter((c) => c.startsWith('peakwise.session_token='));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=604800/);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await signIn(member.email, 'not-the-password-1');
    const unknown = await signIn('nobody-here@example.com', 'not-the-password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = await Promise.all([wrong.text(), unknown.text()]);
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it('spends comparable time on an unknown email (a password hash is still computed)', async () => {
    // Interleaved samples, so load from other processes hits both sides alike; medians of 7.
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string, into: number[]) => {
      const started = performance.now();
      await signIn(email, 'not-the-password-1');
      into.push(performance.now() - started);
    };
    for (let i = 0; i < 7; i += 1) {
      await timed(member.email, known);
      await timed('nobody-here@example.com', unknown);
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[3]!;
    // argon2id (19 MiB, t=2) dominates both; without the dummy hash the unknown case takes about a
    // tenth of the time, so 0.3 separates the two with room for a loaded machine.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.3);
  });

  it('revokes the session on sign-out: the old cookie gets 401 and a null session afterwards', async () => {
    const signedIn = await signIn(member.email, member.password);
    const cookie = cookieHeader(signedIn);
    expect((await t.app.request('/api/profile', { headers: { cookie } })).status).toBe(200);

    const out = await t.app.request('/api/auth/sign-out', { method: 'POST', headers: asMember({ cookie }), body: '{}' });
    expect(out.status).toBe(200);

    const replay = await t.app.request('/api/profile', { headers: { cookie } });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
    const session = await t.app.request('/api/auth/get-session', { headers: { cookie } });
    expect(await session.json()).toBeNull();
  });

  it('answers 401 without a cookie and with a forged one', async () => {
    expect((await t.app.request('/api/profile')).status).toBe(401);
    expect((await t.app.request('/api/profile', { headers: { cookie: 'peakwise.session_token=forged.value' } })).status).toBe(401);
  });

  it('lists the member’s sessions and signs one out; another member’s session is not found', async () => {
    const second = cookieHeader(await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { ...json, 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    }));
    const res = await t.app.request('/api/sessions', { headers: { cookie: second } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: string; current: boolean; browser: string | null; os: string | null; ipAddress: string | null; place: string | null }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Safari', os: 'macOS', ipAddress: '127.0.0.0/24', place: 'Local network' });
    expect(list.filter((s) => s.current)).toHaveLength(1);

    const other = await createMember(t.app);
    const foreign = await t.app.request(`/api/sessions/${current.id}`, { method: 'DELETE', headers: asMember(other) });
    expect(foreign.status).toBe(404);

    const first = list.find((s) => !s.current)!;
    const revoked = await t.app.request(`/api/sessions/${first.id}`, { method: 'DELETE', headers: asMember({ cookie: second }) });
    expect(revoked.status).toBe(204);
    const after = (await (await t.app.request('/api/sessions', { headers: { cookie: second } })).json()) as { id: string }[];
    expect(after.map((s) => s.id)).not.toContain(first.id);
    // The member's original sign-up cookie belonged to one of the listed sessions.
    expect((await t.app.request(`/api/sessions/${first.id}`, { method: 'DELETE', headers: asMember({ cookie: second }) })).status).toBe(404);
  });
});

describe('cookies in production', () => {
  it('are Secure and __Host- prefixed (Path=/, no Domain) when NODE_ENV=production', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://peakwise.example' } });
    try {
      const res = await t.app.request('https://peakwise.example/api/auth/sign-up/email', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'prod@example.com', confirmEmail: 'prod@example.com', password: 'Solar-panel-prod-1', name: 'Prod', birthDate: '1980-01-01', gender: 'male', marketingConsent: false, language: 'en' }),
      });
      expect(res.status).toBe(200);
      const [cookie] = res.headers.getSetCookie().filter((c) => c.includes('session_token='));
      expect(cookie).toMatch(/^__Host-peakwise\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/; Domain=/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
    } finally {
      await t.close();
    }
  });
});
