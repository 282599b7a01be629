import { request } from 'node:http';
import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import type { AsvsContext } from '../asvs-context';
import type { Reply } from '../http-client';

const AREA = 'Security headers';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const STRICT_REFERRER = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);
const UNSAFE_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:', 'blob:'];

function csp(reply: Reply): Map<string, string[]> {
  const header = reply.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** One of each kind of response: the app's HTML, a script, JSON, and the API's 401, 403 and 404. */
async function sampleResponses(ctx: AsvsContext): Promise<[string, Reply][]> {
  const client = ctx.client();
  const home = await client.call('GET', '/');
  // The prerendered public page names no script file (its loader is inline, decision 070); the shell does.
  const shell = await client.call('GET', '/app/dashboard');
  const script = shell.text.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!script) throw new Error('no /assets/*.js in the app shell');
  return [
    ['GET / (public page)', home],
    ['GET /app/dashboard (app shell)', shell],
    [`GET ${script}`, await client.call('GET', script)],
    ['GET /api/health', await client.call('GET', '/api/health')],
    ['GET /api/profile (401)', await client.call('GET', '/api/profile')],
    ['GET /api/nope (404)', await client.call('GET', '/api/nope')],
    ['PUT /api/profile from another site (403)', await client.call('PUT', '/api/profile', { body: {}, origin: 'https://evil.example' })],
  ];
}

export function headerChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    let samples: [string, Reply][] = [];
    const all = async () => (samples.length ? samples : (samples = await sampleResponses(ctx)));

    check(AREA, 'HSTS on every response: max-age of a year or more, includeSubDomains', ['3.4.1'], async () => {
      for (const [what, reply] of await all()) {
        const hsts = reply.headers.get('strict-transport-security') ?? '';
        const maxAge = Number(hsts.match(/max-age=(\d+)/i)?.[1] ?? 0);
        expect(maxAge, `${what}: ${hsts || 'no Strict-Transport-Security'}`).toBeGreaterThanOrEqual(YEAR_SECONDS);
        expect(hsts, what).toMatch(/includeSubDomains/i);
      }
      return `max-age=${(await all())[0]![1].headers.get('strict-transport-security')?.match(/max-age=(\d+)/)?.[1]}`;
    });

    check(AREA, "CSP: scripts only from 'self' (no unsafe-inline/eval, no wildcards), object-src 'none', base-uri set", ['3.4.3'], async () => {
      for (const [what, reply] of await all()) {
        const policy = csp(reply);
        const scripts = policy.get('script-src') ?? policy.get('default-src');
        expect(scripts, `${what}: no script-src or default-src`).toBeDefined();
        for (const directive of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src']) {
          for (const source of policy.get(directive) ?? []) expect(UNSAFE_SCRIPT_SOURCES, `${what}: ${directive} ${source}`).not.toContain(source.toLowerCase());
        }
        expect(policy.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
        expect(["'none'", "'self'"], `${what}: base-uri`).toContain(policy.get('base-uri')?.join(' '));
      }
      return `script-src ${csp((await all())[0]![1]).get('script-src')?.join(' ')}`;
    });

    check(AREA, "No framing: CSP frame-ancestors 'none' and X-Frame-Options DENY on every response", ['3.4.6'], async () => {
      for (const [what, reply] of await all()) {
        expect(csp(reply).get('frame-ancestors'), what).toEqual(["'none'"]);
        expect(reply.headers.get('x-frame-options'), what).toBe('DENY');
      }
    });

    check(AREA, 'X-Content-Type-Options: nosniff on every response', ['3.4.4'], async () => {
      for (const [what, reply] of await all()) expect(reply.headers.get('x-content-type-options'), what).toBe('nosniff');
    });

    check(AREA, 'Referrer-Policy keeps paths from other sites', ['3.4.5'], async () => {
      for (const [what, reply] of await all()) expect(STRICT_REFERRER, `${what}: ${reply.headers.get('referrer-policy')}`).toContain(reply.headers.get('referrer-policy'));
      return String((await all())[0]![1].headers.get('referrer-policy'));
    });

    check(AREA, 'CORS: another origin is never allowed, preflight included', ['3.4.2'], async () => {
      const member = await ctx.signUp('cors');
      const read = await member.client.call('GET', '/api/profile', { headers: { origin: 'https://evil.example' } });
      const preflight = await member.client.call('OPTIONS', '/api/profile', {
        origin: 'https://evil.example',
        headers: { 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
      for (const [what, reply] of [['GET', read], ['OPTIONS', preflight]] as const) {
        const allowed = reply.headers.get('access-control-allow-origin');
        expect(allowed === '*' || allowed === 'https://evil.example', `${what}: Access-Control-Allow-Origin ${allowed}`).toBe(false);
        expect(reply.headers.get('access-control-allow-credentials'), what).not.toBe('true');
      }
    });

    check(AREA, 'TRACE is not supported', ['13.4.4'], async () => {
      // fetch refuses to send TRACE at all, so it goes out over node:http. Both halves of the
      // server: the API, and the app's pages (a catch-all that answered every method would echo there).
      const trace = (path: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${ctx.server.baseUrl}${path}`, { method: 'TRACE' }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      const answers: string[] = [];
      for (const path of ['/api/health', '/', '/app/dashboard']) {
        const status = await trace(path);
        answers.push(`${path} → ${status}`);
        expect([404, 405, 501], `TRACE ${path} answered ${status}`).toContain(status);
      }
      return `TRACE ${answers.join(', ')}`;
    });
  });
}
