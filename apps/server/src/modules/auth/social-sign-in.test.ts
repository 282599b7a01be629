import { eq } from 'drizzle-orm';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth.schema';
import { profiles } from '../../db/schema/profile.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cookieHeader, createMember, TEST_ORIGIN } from '../../test/test-session';

type Claims = { sub: string; email: string; email_verified: boolean; name: string };

describe('social sign-in through a local OpenID provider', () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let claims: Claims;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token: MutableToken) => {
      Object.assign(token.payload, claims);
    });
    provider.service.on('beforeUserinfo', (response: { body: object }) => {
      response.body = claims;
    });
    t = await createTestApp({ env: { OAUTH_GOOGLE_CLIENT_ID: 'peakwise-web', OAUTH_GOOGLE_CLIENT_SECRET: 'peakwise-secret', OAUTH_GOOGLE_ISSUER: provider.issuer.url! } });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
  beforeEach(() => {
    const id = Math.random().toString(36).slice(2, 10);
    claims = { sub: `google-${id}`, email: `social-${id}@example.com`, email_verified: true, name: 'Jean Social' };
  });

  /** Start → the provider's authorize redirect (auto-approved) → our callback URL and the state cookie. */
  async function authorize() {
    const start = await t.app.request('/api/auth/social/google', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: JSON.stringify({ callbackURL: '/app/dashboard' }) });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const authUrl = new URL(url);
    expect(authUrl.origin).toBe(provider.issuer.url);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/oauth2/callback/google');
    const approved = await fetch(url, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location')!);
    return { callback, stateCookie: cookieHeader(start) };
  }

  const follow = (callback: URL, cookie: string) => t.app.request(`${callback.pathname}${callback.search}`, { headers: { cookie } });

  it('signs a new member up and in, with a profile', async () => {
    const { callback, stateCookie } = await authorize();
    const res = await follow(callback, stateCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/app/dashboard');
    const session = cookieHeader(res);
    expect(session).toMatch(/peakwise\.session_token=/);

    const profile = await t.app.request('/api/profile', { headers: { cookie: session } });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email: claims.email, name: 'Jean Social', emailVerified: true });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, claims.email));
    expect(await t.database.db.select().from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1);

    // The same identity signs straight back in.
    const again = await authorize();
    const back = await follow(again.callback, again.stateCookie);
    expect(back.headers.get('location')).toBe('/app/dashboard');
  });

  it('refuses a tampered state', async () => {
    const { callback, stateCookie } = await authorize();
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const res = await follow(callback, stateCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/\?auth=login&error=/);
    expect(cookieHeader(res)).not.toMatch(/session_token/);
  });

  it('refuses a callback without the state cookie of the browser that started it', async () => {
    const { callback } = await authorize();
    const res = await follow(callback, '');
    expect(res.headers.get('location')).toMatch(/error=/);
    expect(cookieHeader(res)).not.toMatch(/session_token/);
  });

  it('never joins an unverified local account with the same email', async () => {
    const local = await createMember(t.app, { email: claims.email });
    const { callback, stateCookie } = await authorize();
    const res = await follow(callback, stateCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:3000/?auth=login&error=account_exists');
    expect(cookieHeader(res)).not.toMatch(/session_token/);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, local.userId));
    expect(user!.emailVerified).toBe(false);
  });

  it('links to a verified local account when the provider vouches for the email', async () => {
    const local = await createMember(t.app, { email: claims.email });
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, local.userId));
    const { callback, stateCookie } = await authorize();
    const res = await follow(callback, stateCookie);
    const profile = (await (await t.app.request('/api/profile', { headers: { cookie: cookieHeader(res) } })).json()) as { id: string };
    expect(profile.id).toBe(local.userId);
  });

  it('does not link when the provider has not verified the email', async () => {
    const local = await createMember(t.app, { email: claims.email });
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, local.userId));
    claims.email_verified = false;
    const { callback, stateCookie } = await authorize();
    const res = await follow(callback, stateCookie);
    expect(res.headers.get('location')).toMatch(/error=account_exists/);
  });

  it('answers provider_not_configured for Facebook and refuses foreign callback URLs', async () => {
    const facebook = await t.app.request('/api/auth/social/facebook', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: '{}' });
    expect(facebook.status).toBe(400);
    expect(await facebook.json()).toEqual({ error: { code: 'provider_not_configured', message: 'Sign-in with Facebook is not available right now.' } });
    for (const callbackURL of ['https://evil.example/app', '//evil.example/app']) {
      const res = await t.app.request('/api/auth/social/google', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: JSON.stringify({ callbackURL }) });
      expect(res.status).toBe(400);
    }
    const unknown = await t.app.request('/api/auth/social/github', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unknown.status).toBe(404);
  });
});

describe('social sign-in without configuration', () => {
  it('answers provider_not_configured for Google', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.request('/api/auth/social/google', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'provider_not_configured', message: 'Sign-in with Google is not available right now.' } });
    } finally {
      await t.close();
    }
  });
});
