import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, type AsvsContext } from '../asvs-context';
import type { Reply } from '../http-client';

const AREA = 'Errors';
const WEB_DIST = resolve(import.meta.dirname, '../../../apps/web/dist');
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
      // Every aid is looked for, and all that are found are named together.
      const found: string[] = [];
      const operator = await ctx.signUp('debug-operator');
      await ctx.server.sql("update users set role = 'operator' where id = $1", [operator.userId]);
      const clock = await operator.client.call('GET', '/api/ops/clock');
      if (clock.status !== 404) found.push(`the test clock: GET /api/ops/clock ${clock.status}`);
      const home = await ctx.client().call('GET', '/');
      const poweredBy = home.headers.get('x-powered-by');
      if (poweredBy !== null) found.push(`X-Powered-By: ${poweredBy}`);
      // Every script the public page and the app shell name (module and preloads; the public page's
      // loader is inline, decision 070): the entry alone is a two-line stub with no map of its own,
      // so looking only at it would prove nothing.
      const shell = await ctx.client().call('GET', '/app/dashboard');
      const scripts = [...new Set([...`${home.text}\n${shell.text}`.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
      if (scripts.length === 0) throw new Error('no /assets/*.js in the app pages');
      // The build writes the maps (for error reports), next to the scripts: they must not be served.
      const mapped = scripts.filter((script) => existsSync(join(WEB_DIST, `${script}.map`)));
      if (mapped.length === 0) throw new Error(`none of ${scripts.join(', ')} has a map in apps/web/dist: the map probe would prove nothing`);
      for (const script of scripts) {
        const js = await ctx.client().call('GET', script);
        if (/sourceMappingURL=/.test(js.text)) found.push(`sourceMappingURL in ${script}`);
        const map = await ctx.client().call('GET', `${script}.map`);
        if (map.status === 200 || /"sourcesContent"|"mappings"/.test(map.text)) found.push(`GET ${script}.map: ${map.status}`);
      }
      expect(found, found.join('; ')).toEqual([]);
      return `${scripts.length} scripts, ${mapped.length} with a map on disk, none served`;
    });
  });
}
