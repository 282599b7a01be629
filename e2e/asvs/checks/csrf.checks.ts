import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, type AsvsContext } from '../asvs-context';

const AREA = 'CSRF and Origin';
const EVIL = 'https://evil.example';

async function languageOf(ctx: AsvsContext, userId: string): Promise<string> {
  const [row] = await ctx.server.sql<{ language: string }>('select language from profiles where id = $1', [userId]);
  return row?.language ?? '(no profile)';
}

export function csrfChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'A state-changing API request from another origin (or Origin: null) is refused and changes nothing', ['3.5.1'], async () => {
      const member = await ctx.signUp('csrf');
      const before = await languageOf(ctx, member.userId);
      for (const origin of [EVIL, 'null', 'http://peakwise.test']) {
        const forged = await member.client.call('PUT', '/api/profile/preferences', { body: { language: 'fr' }, origin });
        expect(forged.status, `Origin ${origin}: ${forged.text}`).toBe(403);
        expect((forged.body as { error?: { code?: string } }).error?.code).toBe('forbidden_origin');
        expect(await languageOf(ctx, member.userId)).toBe(before);
      }
      // The same request from the app's own origin goes through: the refusal was the origin's doing.
      expectStatus(await member.client.call('PUT', '/api/profile/preferences', { body: { language: 'fr' } }), 200, 'same-origin update');
      expect(await languageOf(ctx, member.userId)).toBe('fr');
    });

    check(AREA, 'Sign-out and password change from another origin are refused; the session lives on', ['3.5.1'], async () => {
      const member = await ctx.signUp('csrf-auth');
      const signOut = await member.client.call('POST', '/api/auth/sign-out', { body: {}, origin: EVIL });
      expect(signOut.status, signOut.text).toBe(403);
      const change = await member.client.call('POST', '/api/auth/change-password', {
        body: { currentPassword: member.password, newPassword: `${member.password}-changed`, revokeOtherSessions: true },
        origin: EVIL,
      });
      expect(change.status, change.text).toBe(403);
      expectStatus(await member.client.call('GET', '/api/profile'), 200, 'the session after both');
      await ctx.signIn(member);
    });

    check(AREA, 'Signing out needs POST: GET /api/auth/sign-out does nothing', ['3.5.3'], async () => {
      const member = await ctx.signUp('get-sign-out');
      const viaGet = await member.client.call('GET', '/api/auth/sign-out');
      expect(viaGet.status).toBe(404);
      expectStatus(await member.client.call('GET', '/api/profile'), 200, 'the session after GET sign-out');
    });
  });
}
