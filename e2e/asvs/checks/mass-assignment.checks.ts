import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import type { AsvsContext } from '../asvs-context';

const AREA = 'Mass assignment';

type UserRow = { id: string; role: string; email_verified: boolean; two_factor_enabled: boolean | null };

export function massAssignmentChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'Sign-up ignores role, emailVerified, id and twoFactorEnabled sent with the form', ['15.3.3', '8.2.3'], async () => {
      const client = ctx.client();
      const email = `asvs-mass-${Date.now()}@example.com`;
      const password = `Mass-assign-pass-${Date.now()}`;
      ctx.secrets.set(password, 'password');
      const res = await client.call('POST', '/api/auth/sign-up/email', {
        body: { email, confirmEmail: email, password, name: 'Mass', birthDate: '1982-02-02', gender: 'female', marketingConsent: false, language: 'en', role: 'operator', emailVerified: true, id: 'chosen-by-client', twoFactorEnabled: true, householdId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(res.status, res.text).toBeLessThan(500);
      ctx.keepSessionSecret(client);
      const [user] = await ctx.server.sql<UserRow>('select id, role, email_verified, two_factor_enabled from users where email = $1', [email]);
      if (user) {
        expect(user.role).toBe('member');
        expect(user.email_verified).toBe(false);
        expect(user.id).not.toBe('chosen-by-client');
        expect(user.two_factor_enabled ?? false).toBe(false);
        expect((await client.call('GET', '/api/ops/members')).status).toBe(404);
      }
      return user ? 'accepted, extras ignored' : `refused (${res.status})`;
    });

    check(AREA, 'Profile update ignores role, emailVerified and id', ['15.3.3', '8.2.3'], async () => {
      const member = await ctx.signUp('mass-profile');
      const res = await member.client.call('PUT', '/api/profile', { body: { name: 'Renamed', email: member.email, role: 'operator', emailVerified: true, id: 'someone-else' } });
      expect([200, 400], res.text).toContain(res.status);
      const [user] = await ctx.server.sql<UserRow>('select id, role, email_verified, two_factor_enabled from users where id = $1', [member.userId]);
      expect(user?.role).toBe('member');
      expect(user?.email_verified).toBe(false);
      return res.status === 200 ? 'accepted, extras ignored' : 'refused';
    });

    check(AREA, 'Creating a device, a token or an API token refuses a householdId, userId or balance', ['15.3.3'], async () => {
      const member = await ctx.signUp('mass-create');
      const other = await ctx.signUp('mass-other');
      const [household] = await ctx.server.sql<{ id: string }>('select id from households where owner_user_id = $1', [other.userId]);
      const extra = { householdId: household!.id, userId: other.userId, balance: 1_000_000 };
      const attempts: [string, unknown][] = [
        ['/api/devices', { externalId: 'asvs-mass-plug', name: 'Mass plug', kind: 'smart_plug', ...extra }],
        ['/api/household/ingest-tokens', { label: 'Mass meter', ...extra }],
        ['/api/member-api/tokens', { label: 'Mass script', scopes: ['usage:read'], ...extra }],
      ];
      for (const [path, body] of attempts) {
        const res = await member.client.call('POST', path, { body });
        expect(res.status, `${path}: ${res.text.slice(0, 160)}`).toBe(400);
      }
      const [devices] = await ctx.server.sql<{ count: string }>('select count(*) from devices where household_id = $1', [household!.id]);
      expect(Number(devices?.count)).toBe(0);
    });
  });
}
