import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { SESSION_COOKIE, type AsvsContext } from '../asvs-context';
import { allSetCookies } from '../http-client';

const AREA = 'Cookies';

type Attributes = { name: string; value: string; attributes: Map<string, string> };

function parseSetCookie(header: string): Attributes {
  const [pair = '', ...rest] = header.split(';');
  const at = pair.indexOf('=');
  const attributes = new Map(
    rest.map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key.toLowerCase(), value.join('=')] as const;
    }),
  );
  return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), attributes };
}

/** What ASVS 5.0 asks of any cookie this app writes: Secure and __Host- (which implies Path=/ and no Domain), SameSite, small. */
function cookieProblems(header: string): string[] {
  const cookie = parseSetCookie(header);
  const problems: string[] = [];
  if (!cookie.attributes.has('secure')) problems.push('no Secure');
  if (!cookie.name.startsWith('__Host-')) problems.push('not __Host- prefixed');
  if (cookie.attributes.get('path') !== '/') problems.push(`Path=${cookie.attributes.get('path') ?? '(none)'}`);
  if (cookie.attributes.has('domain')) problems.push('has Domain');
  if (!['lax', 'strict'].includes((cookie.attributes.get('samesite') ?? '').toLowerCase())) problems.push(`SameSite=${cookie.attributes.get('samesite') ?? '(none)'}`);
  if (cookie.name.length + cookie.value.length > 4096) problems.push('over 4096 bytes');
  return problems.map((problem) => `${cookie.name}: ${problem}`);
}

export function cookieChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'Session cookie: __Host- prefix, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', ['3.3.1', '3.3.2', '3.3.3', '3.3.4'], async () => {
      const member = await ctx.signUp('cookie');
      const client = ctx.client();
      const res = await client.call('POST', '/api/auth/sign-in/email', { body: { email: member.email, password: member.password } });
      expect(res.status).toBe(200);
      ctx.keepSessionSecret(client);
      const header = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(header, `Set-Cookie names: ${res.setCookies.map((c) => parseSetCookie(c).name).join(', ')}`).toBeDefined();
      const cookie = parseSetCookie(header!);
      expect(cookie.attributes.has('httponly'), 'HttpOnly').toBe(true);
      expect(cookieProblems(header!), cookieProblems(header!).join('; ')).toEqual([]);
      return `${cookie.name}; SameSite=${cookie.attributes.get('samesite')}`;
    });

    check(AREA, 'The session token travels only in the Set-Cookie header, never in a response body', ['3.3.4'], async () => {
      const member = await ctx.signUp('token-body');
      const client = ctx.client();
      const signIn = await client.call('POST', '/api/auth/sign-in/email', { body: { email: member.email, password: member.password } });
      ctx.keepSessionSecret(client);
      const session = await client.call('GET', '/api/auth/get-session');
      expect(session.status).toBe(200);
      const token = decodeURIComponent(client.cookie(SESSION_COOKIE)!).split('.')[0]!;
      expect(token.length).toBeGreaterThan(10);
      expect(signIn.text, 'sign-in body').not.toContain(token);
      expect(session.text, 'get-session body').not.toContain(token);
      expect(member.client.cookieHeader(), 'sign-up cookie').toContain(SESSION_COOKIE);
    });

  });
}

/** Runs last: by then the run has signed up, in and out, reset passwords and been rate limited. */
export function runWideCookieCheck() {
  describe(AREA, () => {
    check(AREA, 'Every cookie the server set during the whole run is Secure, __Host-, SameSite and under 4 KB', ['3.3.1', '3.3.2', '3.3.3', '3.3.5'], async () => {
      expect(allSetCookies.length, 'the run saw no cookies at all').toBeGreaterThan(0);
      const problems = [...new Set(allSetCookies.flatMap(cookieProblems))];
      expect(problems, problems.join('; ')).toEqual([]);
      const names = [...new Set(allSetCookies.map((c) => parseSetCookie(c).name))].sort();
      return `${allSetCookies.length} Set-Cookie headers: ${names.join(', ')}`;
    });
  });
}
