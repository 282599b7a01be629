import { createHash, createHmac } from 'node:crypto';
import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, SESSION_COOKIE, type AsvsContext } from '../asvs-context';
import type { Client } from '../http-client';

const AREA = 'Sessions';

/**
 * The same token under another signature of the right shape (44 base64 characters ending in '='),
 * so only the HMAC can refuse it: a value of the wrong shape is dropped before the HMAC is
 * computed, and would pass with the verification gone (decision 067).
 */
function withOtherSignature(cookieValue: string): string {
  const signed = decodeURIComponent(cookieValue);
  const dot = signed.lastIndexOf('.');
  const signature = signed.slice(dot + 1);
  if (dot < 1 || signature.length !== 44 || !signature.endsWith('=')) throw new Error(`unexpected session cookie shape: ${signature.length} characters after the dot`);
  return encodeURIComponent(`${signed.slice(0, dot)}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
}

/**
 * Uses the session once, so that the app's session cache (session-cache.ts) holds it: a check
 * that ends a session nobody had used yet would pass with a cache that outlives the end.
 */
async function inUse(client: Client, what: string) {
  expectStatus(await client.call('GET', '/api/profile'), 200, `${what} before it ends`);
}

export function sessionChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'A forged or altered session cookie is refused', ['7.2.1'], async () => {
      const member = await ctx.signUp('forged');
      const real = member.client.cookie(SESSION_COOKIE)!;
      const forged = ctx.client();
      for (const value of ['forged.value', `${real.slice(0, -4)}AAAA`, real.split('.')[0] ?? real, withOtherSignature(real)]) {
        forged.setCookieHeader(`${SESSION_COOKIE}=${value}`);
        expect((await forged.call('GET', '/api/profile')).status, value).toBe(401);
      }
    });

    check(AREA, 'Every sign-in issues a new session token', ['7.2.4'], async () => {
      const member = await ctx.signUp('fresh-token');
      const first = member.client.cookie(SESSION_COOKIE);
      await ctx.signIn(member, member.client);
      const second = member.client.cookie(SESSION_COOKIE);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
    });

    check(AREA, 'The database holds only a one-way hash of each session token: a copy of it signs no one in', ['14.2.4'], async () => {
      const member = await ctx.signUp('at-rest');
      const laptop = await ctx.signIn(member);
      const tokens = [member.client, laptop].map((client) => decodeURIComponent(client.cookie(SESSION_COOKIE)!).split('.')[0]!);
      const stored = (await ctx.server.sql<{ token: string }>('select token from sessions where user_id = $1', [member.userId])).map((r) => r.token);
      expect(stored).toHaveLength(2);
      for (const token of tokens) expect(stored, 'the cookie’s token is in the sessions table').not.toContain(token);
      // What is stored instead: SHA-256 in hex (decision 071), computed here independently.
      expect(stored.sort()).toEqual(tokens.map((t) => createHash('sha256').update(t, 'utf8').digest('hex')).sort());
      // Someone with the table and the AUTH_SECRET too signs a stored value into a cookie.
      const signed = (value: string) => `${SESSION_COOKIE}=${encodeURIComponent(`${value}.${createHmac('sha256', ctx.server.authSecret).update(value).digest('base64')}`)}`;
      const thief = ctx.client();
      thief.setCookieHeader(signed(tokens[0]!));
      expectStatus(await thief.call('GET', '/api/profile'), 200, 'the real token, signed the same way');
      thief.setCookieHeader(signed(stored[0]!));
      expect((await thief.call('GET', '/api/profile')).status, 'a stored value as the cookie').toBe(401);
      return `${stored.length} rows of ${stored[0]!.length} hex characters, neither cookie token among them`;
    });

    check(AREA, 'Sign-out ends the session on the server: the old cookie is refused on the next request', ['7.4.1'], async () => {
      const member = await ctx.signUp('sign-out');
      await inUse(member.client, 'the session');
      const saved = member.client.cookieHeader();
      expectStatus(await member.client.call('POST', '/api/auth/sign-out', { body: {} }), 200, 'sign-out');
      const replay = ctx.client();
      replay.setCookieHeader(saved);
      expect((await replay.call('GET', '/api/profile')).status).toBe(401);
      const [row] = await ctx.server.sql<{ count: string }>('select count(*) from sessions where user_id = $1', [member.userId]);
      expect(Number(row?.count)).toBe(0);
    });

    check(AREA, 'A session revoked from another device dies on its next request', ['7.4.1', '7.5.2'], async () => {
      const member = await ctx.signUp('revoke');
      const laptop = await ctx.signIn(member);
      const sessions = (await laptop.call('GET', '/api/sessions')).body as { id: string; current: boolean }[];
      const other = sessions.filter((s) => !s.current);
      expect(other).toHaveLength(1);
      await inUse(member.client, 'the sign-up session');
      expectStatus(await laptop.call('DELETE', `/api/sessions/${other[0]!.id}`), 204, 'revoking the sign-up session');
      expect((await member.client.call('GET', '/api/profile')).status).toBe(401);
      expectStatus(await laptop.call('GET', '/api/profile'), 200, 'the revoking session');
    });

    check(AREA, 'Changing the password can end every other session; a reset ends them all', ['7.4.3'], async () => {
      const member = await ctx.signUp('password');
      const phone = await ctx.signIn(member);
      const newPassword = `${member.password}-Second`;
      ctx.secrets.set(newPassword, 'password');
      const change = await member.client.call('POST', '/api/auth/change-password', { body: { currentPassword: member.password, newPassword, revokeOtherSessions: true } });
      expectStatus(change, 200, 'change-password');
      ctx.keepSessionSecret(member.client);
      expect((await phone.call('GET', '/api/profile')).status, 'the other session').toBe(401);
      expectStatus(await member.client.call('GET', '/api/profile'), 200, 'the session that changed it');

      const since = Date.now();
      expectStatus(await ctx.client().call('POST', '/api/auth/request-password-reset', { body: { email: member.email, redirectTo: '/reset-password' } }), 200, 'reset request');
      const mail = await ctx.email(member.email, /reset-password\?token=/, since);
      const encoded = mail.text.match(/reset-password\?token=([^\s&"'<>]+)/)?.[1];
      if (!encoded) throw new Error(`no reset token in:\n${mail.text}`);
      const token = decodeURIComponent(encoded);
      ctx.secrets.set(token, 'password reset token');
      const thirdPassword = `${member.password}-Third`;
      ctx.secrets.set(thirdPassword, 'password');
      expectStatus(await ctx.client().call('POST', '/api/auth/reset-password', { body: { token, newPassword: thirdPassword } }), 200, 'reset');
      expect((await member.client.call('GET', '/api/profile')).status, 'the session after the reset').toBe(401);
    });

    check(AREA, 'Deleting the account ends its sessions', ['7.4.2'], async () => {
      const member = await ctx.signUp('delete');
      const other = await ctx.signIn(member);
      await inUse(other, 'the other session');
      expectStatus(await member.client.call('DELETE', '/api/account', { body: { confirmation: 'DELETE' } }), 204, 'account deletion');
      expect((await other.call('GET', '/api/profile')).status).toBe(401);
      expect((await member.client.call('GET', '/api/profile')).status).toBe(401);
    });
  });
}
