import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, type Member } from '../../test/test-session';
import { ensureDemoAccount } from '../demo/seed-demo-account';
import { memberWithHousehold } from '../energy/energy.test-helper';

// The server's clock, moved by the tests (expiry, rate-limit windows).
let nowMs = Date.parse('2026-03-10T15:00:00Z');
const clock = () => new Date(nowMs);
const published: string[] = [];
let t: TestApp;
let limited: TestApp;

beforeAll(async () => {
  // A broker that takes every command and a plug that never confirms: a switch that gets through
  // the token check is sent, recorded, and answers 504 after the short wait.
  const commands = { isConnected: () => true, publish: async (topic: string) => void published.push(topic) };
  t = await createTestApp({ clock, commands, env: { PLUG_CONFIRM_TIMEOUT_MS: '50' } });
  // The same database behind a second app with a small per-token limit.
  limited = await createTestApp({ clock, database: t.database, env: { API_TOKEN_RATE_LIMIT: '3', API_TOKEN_RATE_LIMIT_WINDOW_SECONDS: '60' } });
});
afterAll(async () => {
  await limited.close();
  await t.close();
});

const TOKENS = '/api/member-api/tokens';
type Json = Record<string, unknown> & { error?: { code: string; message: string; details?: { path: string; message: string }[] } };
type Created = { id: string; label: string; prefix: string; scopes: string[]; createdAt: string; expiresAt: string | null; lastUsedAt: string | null; token: string };

const parse = async (res: Response) => {
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
const asCookie = async (member: { cookie: string } | null, method: string, path: string, body?: unknown, app = t) =>
  parse(
    await app.app.request(path, { method, headers: member ? asMember(member) : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  );
const asToken = async (token: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}, app = t) =>
  parse(
    await app.app.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
const create = async (member: Member, body: unknown) => {
  const res = await asCookie(member, 'POST', TOKENS, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Created;
};
const tokenRows = async () =>
  rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select id, user_id, label, token_hash, prefix, scopes, expires_at, revoked_at from api_tokens order by id`));
const switchRows = async (deviceId: string) =>
  rowsOf<{ requested_by: string }>(await t.database.db.execute(sql`select requested_by from plug_switch_events where device_id = ${deviceId}::uuid`));

describe('personal API tokens', () => {
  it('are shown once, stored as their SHA-256 with a display prefix, and read the member’s own usage', async () => {
    const home = await memberWithHousehold(t);
    const created = await create(home.member, { label: '  Home Assistant  ', scopes: ['usage:read', 'solar:read'], expiresInDays: 30 });
    expect(created).toEqual({
      id: expect.any(String),
      label: 'Home Assistant',
      prefix: created.token.slice(0, 10),
      scopes: ['solar:read', 'usage:read'],
      createdAt: new Date(nowMs).toISOString(),
      expiresAt: new Date(nowMs + 30 * 86_400_000).toISOString(),
      lastUsedAt: null,
      token: expect.stringMatching(/^pwk_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = (await tokenRows()).filter((r) => r.id === created.id);
    expect(row!.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(await tokenRows())).not.toContain(created.token);

    // The token sees exactly what the session sees.
    const byToken = await asToken(created.token, 'GET', '/api/usage/summary');
    const byCookie = await asCookie(home.member, 'GET', '/api/usage/summary');
    expect(byToken.status).toBe(200);
    expect(byToken.body).toEqual(byCookie.body);
    expect((await asToken(created.token, 'GET', '/api/solar/summary')).status).toBe(200);

    const list = await asCookie(home.member, 'GET', TOKENS);
    expect(list.body).toEqual([{ ...created, token: undefined, lastUsedAt: new Date(nowMs).toISOString() }].map(({ token: _t, ...rest }) => rest));
    expect(JSON.stringify(list.body)).not.toContain(created.token);
  });

  it('authorise only their scopes: a read token cannot switch a plug, and no token reaches any other route', async () => {
    const home = await memberWithHousehold(t, { 'lamp-plug': 'smart_plug' });
    const plug = home.devices['lamp-plug']!;
    const reader = await create(home.member, { label: 'Reader', scopes: ['usage:read'] });
    const switcher = await create(home.member, { label: 'Switcher', scopes: ['plugs:control'] });

    const refused = await asToken(reader.token, 'POST', `/api/devices/${plug.id}/switch`, { on: false });
    expect(refused).toEqual({ status: 403, body: { error: { code: 'insufficient_scope', message: 'This API token needs the plugs:control scope for this route.' } } });
    expect(await switchRows(plug.id)).toEqual([]);
    expect((await asToken(reader.token, 'GET', '/api/solar/summary')).body.error?.code).toBe('insufficient_scope');
    // The device list opens to either scope; a device's history is usage.
    expect((await asToken(reader.token, 'GET', '/api/devices')).status).toBe(200);
    expect((await asToken(switcher.token, 'GET', '/api/devices')).status).toBe(200);
    expect((await asToken(switcher.token, 'GET', `/api/devices/${plug.id}/history?range=24h`)).body.error?.code).toBe('insufficient_scope');

    // The control token's switch goes to the plug as the member.
    const before = published.length;
    const sent = await asToken(switcher.token, 'POST', `/api/devices/${plug.id}/switch`, { on: false });
    expect(sent.status).toBe(504);
    expect(published.length).toBeGreaterThan(before);
    expect(await switchRows(plug.id)).toEqual([{ requested_by: home.member.userId }]);

    const notAllowed = { status: 403, body: { error: { code: 'token_not_allowed', message: 'Personal API tokens cannot be used on this route.' } } };
    for (const [method, path, body] of [
      ['GET', '/api/billing/summary'],
      ['GET', '/api/profile'],
      ['GET', TOKENS],
      ['POST', TOKENS, { label: 'Escalate', scopes: ['plugs:control'] }],
      ['DELETE', `${TOKENS}/${reader.id}`],
      ['GET', '/api/member-api/webhooks'],
      ['POST', '/api/devices', { externalId: 'x', name: 'x', kind: 'smart_plug' }],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/nothing-here'],
    ] as [string, string, unknown?][]) {
      expect(await asToken(switcher.token, method, path, body), `${method} ${path}`).toEqual(notAllowed);
    }
    expect((await asCookie(home.member, 'GET', TOKENS)).body).toHaveLength(2);
  });

  it('answers 401 at once after a revocation or the expiry, and the same 401 for a made-up token', async () => {
    const home = await memberWithHousehold(t);
    const gone = await create(home.member, { label: 'Old script', scopes: ['usage:read'] });
    const brief = await create(home.member, { label: 'One day', scopes: ['usage:read'], expiresInDays: 1 });
    expect((await asToken(gone.token, 'GET', '/api/usage/summary')).status).toBe(200);
    expect(await asCookie(home.member, 'DELETE', `${TOKENS}/${gone.id}`)).toEqual({ status: 204, body: null });
    const invalid = { status: 401, body: { error: { code: 'invalid_token', message: 'This API token is not valid: it was revoked, has expired or never existed.' } } };
    expect(await asToken(gone.token, 'GET', '/api/usage/summary')).toEqual(invalid);
    expect(await asToken('pwk_' + 'A'.repeat(43), 'GET', '/api/usage/summary')).toEqual(invalid);
    const res = await t.app.request('/api/usage/summary', { headers: { authorization: `Bearer ${gone.token}` } });
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');

    expect((await asToken(brief.token, 'GET', '/api/usage/summary')).status).toBe(200);
    nowMs += 86_400_000;
    expect(await asToken(brief.token, 'GET', '/api/usage/summary')).toEqual(invalid);
    // Expired and revoked tokens leave the list.
    expect((await asCookie(home.member, 'GET', TOKENS)).body).toEqual([]);
    // A revoked token is a 404 the second time, and so is someone else's.
    expect((await asCookie(home.member, 'DELETE', `${TOKENS}/${gone.id}`)).status).toBe(404);
  });

  it('keep to the member’s own household: another home’s device is not found, and a cookie sent alongside is ignored', async () => {
    const mine = await memberWithHousehold(t, { 'my-plug': 'smart_plug' });
    const theirs = await memberWithHousehold(t, { 'their-plug': 'smart_plug' });
    const token = await create(mine.member, { label: 'All', scopes: ['usage:read', 'plugs:control'] });
    const theirPlug = theirs.devices['their-plug']!;
    expect((await asToken(token.token, 'POST', `/api/devices/${theirPlug.id}/switch`, { on: false })).status).toBe(404);
    expect((await asToken(token.token, 'GET', `/api/devices/${theirPlug.id}/history?range=24h`)).status).toBe(404);
    expect(await switchRows(theirPlug.id)).toEqual([]);
    const devices = await asToken(token.token, 'GET', '/api/devices', undefined, { cookie: theirs.member.cookie });
    expect(JSON.stringify(devices.body)).toContain('my-plug');
    expect(JSON.stringify(devices.body)).not.toContain('their-plug');
    // Nor can anyone revoke another member's token.
    expect((await asCookie(theirs.member, 'DELETE', `${TOKENS}/${token.id}`)).status).toBe(404);
    expect((await asToken(token.token, 'GET', '/api/devices')).status).toBe(200);
  });

  it('skip the cross-site check, which still refuses cookie requests from another origin', async () => {
    const home = await memberWithHousehold(t, { 'desk-plug': 'smart_plug' });
    const plug = home.devices['desk-plug']!;
    const token = await create(home.member, { label: 'Remote', scopes: ['plugs:control'] });
    const evil = { origin: 'https://evil.example' };
    const cookieRes = await t.app.request(`/api/devices/${plug.id}/switch`, { method: 'POST', headers: asMember(home.member, evil), body: JSON.stringify({ on: false }) });
    expect(await parse(cookieRes)).toEqual({ status: 403, body: { error: { code: 'forbidden_origin', message: 'Cross-site request refused' } } });
    expect(await switchRows(plug.id)).toEqual([]);
    const tokenRes = await asToken(token.token, 'POST', `/api/devices/${plug.id}/switch`, { on: false }, evil);
    expect(tokenRes.status).toBe(504);
    expect(await switchRows(plug.id)).toHaveLength(1);
    // A header that is not one of ours leaves the cookie path, and its check, as they were.
    const other = await t.app.request(`/api/devices/${plug.id}/switch`, {
      method: 'POST',
      headers: asMember(home.member, { ...evil, authorization: 'Bearer pwi_not-a-member-token' }),
      body: JSON.stringify({ on: false }),
    });
    expect(other.status).toBe(403);
  });

  it('are rate-limited per token in a window shared through the database', async () => {
    const home = await memberWithHousehold(t);
    const busy = await create(home.member, { label: 'Busy', scopes: ['usage:read'] });
    const calm = await create(home.member, { label: 'Calm', scopes: ['usage:read'] });
    for (let i = 0; i < 3; i += 1) expect((await asToken(busy.token, 'GET', '/api/usage/summary', undefined, {}, limited)).status).toBe(200);
    nowMs += 20_000;
    const res = await limited.app.request('/api/usage/summary', { headers: { authorization: `Bearer ${busy.token}` } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('40');
    expect((await parse(res)).body.error?.code).toBe('too_many_requests');
    expect((await asToken(calm.token, 'GET', '/api/usage/summary', undefined, {}, limited)).status).toBe(200);
    nowMs += 40_000;
    expect((await asToken(busy.token, 'GET', '/api/usage/summary', undefined, {}, limited)).status).toBe(200);
  });

  it('refuse bad input with its reason and write nothing; the demo cannot issue or revoke', async () => {
    const home = await memberWithHousehold(t);
    const snapshot = await tokenRows();
    const cases: [unknown, string][] = [
      [{ scopes: ['usage:read'] }, 'Enter a label for the token.'],
      [{ label: '  ', scopes: ['usage:read'] }, 'Enter a label for the token.'],
      [{ label: 'x'.repeat(61), scopes: ['usage:read'] }, 'Keep the label to 60 characters or fewer.'],
      [{ label: 'No scopes', scopes: [] }, 'Choose at least one scope.'],
      [{ label: 'No scopes' }, 'Choose at least one scope.'],
      [{ label: 'Admin', scopes: ['admin'] }, 'Choose scopes from usage:read, solar:read and plugs:control.'],
      [{ label: 'Twice', scopes: ['usage:read', 'usage:read'] }, 'List each scope once.'],
      [{ label: 'Forever', scopes: ['usage:read'], expiresInDays: 0 }, 'Choose an expiry between 1 and 366 days.'],
      [{ label: 'Forever', scopes: ['usage:read'], expiresInDays: 367 }, 'Choose an expiry between 1 and 366 days.'],
      [{ label: 'Half', scopes: ['usage:read'], expiresInDays: 1.5 }, 'Choose an expiry between 1 and 366 days.'],
      [{ label: 'Extra', scopes: ['usage:read'], userId: 'someone' }, 'Unrecognized key: "userId"'],
    ];
    for (const [body, message] of cases) {
      const res = await asCookie(home.member, 'POST', TOKENS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('validation_failed');
      expect(res.body.error?.details?.map((d) => d.message)).toEqual([message]);
    }
    expect((await t.app.request(TOKENS, { method: 'POST', headers: asMember(home.member), body: '{"label":' })).status).toBe(400);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      expect((await asCookie(home.member, 'DELETE', `${TOKENS}/${encodeURIComponent(id)}`)).status).toBe(404);
    }
    expect(await asCookie(null, 'POST', TOKENS, { label: 'Anon', scopes: ['usage:read'] })).toEqual({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Authentication required' } },
    });
    expect(await tokenRows()).toEqual(snapshot);

    await ensureDemoAccount({ auth: t.accounts.auth, db: t.database.db });
    const signIn = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    const demo = { cookie: cookieHeader(signIn) };
    expect(await asCookie(demo, 'POST', TOKENS, { label: 'Shared', scopes: ['plugs:control'] })).toEqual({
      status: 403,
      body: { error: { code: 'demo_account_read_only', message: 'The demo account cannot be changed.' } },
    });
    expect(await tokenRows()).toEqual(snapshot);
  });

  it('allow 10 working tokens per member', async () => {
    const home = await memberWithHousehold(t);
    for (let i = 0; i < 10; i += 1) await create(home.member, { label: `Token ${i}`, scopes: ['usage:read'] });
    const refused = await asCookie(home.member, 'POST', TOKENS, { label: 'Eleventh', scopes: ['usage:read'] });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('too_many_api_tokens');
  });

  it('are declared in the OpenAPI document: the bearer scheme and each route’s scopes', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    expect(doc.components.securitySchemes.memberToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey' });
    const scopesOf = (path: string, method: string) => (doc.paths[path]?.[method]?.security ?? []).flatMap((s) => s.memberToken ?? []);
    expect(scopesOf('/api/usage/summary', 'get')).toEqual(['usage:read']);
    expect(scopesOf('/api/usage/history', 'get')).toEqual(['usage:read']);
    expect(scopesOf('/api/solar/summary', 'get')).toEqual(['solar:read']);
    expect(scopesOf('/api/devices', 'get')).toEqual(['usage:read', 'plugs:control']);
    expect(scopesOf('/api/devices/{id}/switch', 'post')).toEqual(['plugs:control']);
    expect(scopesOf('/api/billing/summary', 'get')).toEqual([]);
    expect(scopesOf('/api/member-api/tokens', 'post')).toEqual([]);
    const withTokens = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => (op.security ?? []).some((s) => s.memberToken)).map(([m]) => `${m} ${path}`));
    expect(withTokens.sort()).toEqual(
      ['get /api/devices', 'get /api/devices/{id}/history', 'get /api/solar/summary', 'get /api/usage/export.csv', 'get /api/usage/history', 'get /api/usage/summary', 'post /api/devices/{id}/switch'].sort(),
    );
  });
});
