import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, type AsvsContext } from '../asvs-context';
import type { Reply } from '../http-client';

const AREA = 'Errors';
/** What a stack trace or an internal detail looks like in a body. */
const LEAKS = [/\bat \S+ \(/, /\.ts:\d+/, /\.m?js:\d+/, /node_modules/, /\bstack\b/i, /Error: /, /\bSELECT\b|\bINSERT\b/, /postgres/i];

function expectApiError(reply: Reply, status: number, what: string) {
  expectStatus(reply, status, what);
  const body = reply.body as { error?: { code?: unknown; message?: unknown } } | undefined;
  expect(typeof body?.error?.code, `${what}: ${reply.text.slice(0, 200)}`).toBe('string');
  expect(typeof body?.error?.message, what).toBe('string');
  for (const leak of LEAKS) expect(reply.text, `${what} leaks ${leak}`).not.toMatch(leak);
}

export function errorChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'API 4xx answers carry {error:{code,message}} and no stack trace or internals', ['16.5.1'], async () => {
      const member = await ctx.signUp('errors');
      const c = member.client;
      expectApiError(await c.call('PUT', '/api/profile/preferences', { body: '{"language":' }), 400, 'malformed JSON');
      expectApiError(await c.call('PUT', '/api/profile/preferences', { body: { language: 'xx' } }), 400, 'invalid field');
      expectApiError(await c.call('GET', '/api/billing/statements/not-a-uuid'), 400, 'malformed id');
      expectApiError(await c.call('GET', '/api/billing/statements/00000000-0000-4000-8000-000000000000'), 404, 'unknown statement');
      expectApiError(await c.call('GET', '/api/no-such-route'), 404, 'unknown route');
      expectApiError(await ctx.client().call('GET', '/api/profile'), 401, 'no session');
      expectApiError(await c.call('POST', '/api/devices', { body: { name: 'x' }, origin: 'https://evil.example' }), 403, 'cross-site');
    });

    check(AREA, 'Auth 4xx answers carry {code,message} (decision 030) and no internals', ['16.5.1'], async () => {
      const signIn = await ctx.client().call('POST', '/api/auth/sign-in/email', { body: { email: 'nobody@example.com', password: 'x' } });
      const bad = await ctx.client().call('POST', '/api/auth/sign-in/email', { body: '{"email":' });
      const closed = await ctx.client().call('POST', '/api/auth/update-user', { body: { name: 'x' } });
      for (const [what, reply] of [['wrong password', signIn], ['malformed JSON', bad], ['closed endpoint', closed]] as const) {
        expect(reply.status, `${what}: ${reply.text}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, what).toBeLessThan(500);
        const body = reply.body as { code?: unknown; message?: unknown; error?: { code?: unknown } };
        expect(typeof (body.code ?? body.error?.code), `${what}: ${reply.text}`).toBe('string');
        for (const leak of LEAKS) expect(reply.text, `${what} leaks ${leak}`).not.toMatch(leak);
      }
    });

    check(AREA, 'No debugging aids in production: no X-Powered-By, no test clock, no source maps', ['13.4.2'], async () => {
      const operator = await ctx.signUp('debug-operator');
      await ctx.server.sql("update users set role = 'operator' where id = $1", [operator.userId]);
      expect((await operator.client.call('GET', '/api/ops/clock')).status, 'the test clock').toBe(404);
      const home = await ctx.client().call('GET', '/');
      expect(home.headers.get('x-powered-by')).toBeNull();
      // The prerendered public page names no script file (its loader is inline, decision 070); the app shell does.
      const shell = await ctx.client().call('GET', '/app/dashboard');
      const script = shell.text.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
      expect(script, 'a script in the app shell').toBeDefined();
      const js = await ctx.client().call('GET', script!);
      expect(js.text, 'sourceMappingURL in the served script').not.toMatch(/sourceMappingURL=/);
      // The build writes the maps (for error reports), next to the scripts: they must not be served.
      const map = await ctx.client().call('GET', `${script!}.map`);
      expect(map.status, `${script!}.map`).not.toBe(200);
      expect(map.text).not.toMatch(/"sourcesContent"|"mappings"/);
    });
  });
}
