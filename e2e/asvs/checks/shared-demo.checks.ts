import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, type AsvsContext } from '../asvs-context';
import { DEMO_MEMBER } from '../../support/journey-constants';

const AREA = 'Shared demo account';

type Listed = { id: string; current: boolean };

// DEMO_MEMBER: the published demo sign-in, which the live server runs with DEMO_ACCOUNT=true as a
// production that chose to offer it would.
export function sharedDemoChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'Two visitors to the shared demo neither see nor end each other’s sessions, and what one types is refused, not shown to the other', ['8.2.2', '7.5.2'], async () => {
      const first = await ctx.signIn(DEMO_MEMBER);
      const second = await ctx.signIn(DEMO_MEMBER);
      const listed = async (client: typeof first) => {
        const reply = await client.call('GET', '/api/sessions');
        expectStatus(reply, 200, 'the demo’s sessions');
        return reply.body as Listed[];
      };
      const [mine, theirs] = [await listed(first), await listed(second)];
      expect(mine.map((s) => s.current)).toEqual([true]);
      expect(theirs.map((s) => s.current)).toEqual([true]);
      expect(mine[0]!.id).not.toBe(theirs[0]!.id);

      // Even knowing the other visitor's session id, one cannot end it.
      expectStatus(await first.call('DELETE', `/api/sessions/${encodeURIComponent(theirs[0]!.id)}`), 404, 'ending another visitor’s session');
      expectStatus(await second.call('GET', '/api/profile'), 200, 'the other visitor, still signed in');

      // Neither visitor's address nor browser is stored against the demo.
      const traces = await ctx.server.sql<{ n: string }>(
        `select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = $1 and (s.ip_address is not null or s.user_agent is not null)`,
        [DEMO_MEMBER.email],
      );
      expect(Number(traces[0]!.n)).toBe(0);

      const phone = await first.call('PUT', '/api/notification-preferences/phone', { body: { phone: '416 555 0123' } });
      expectStatus(phone, 403, 'a phone number on the demo');
      expect((phone.body as { error: { code: string } }).error.code).toBe('demo_account_shared');
      const prefs = await second.call('GET', '/api/notification-preferences');
      expect((prefs.body as { phone: unknown }).phone).toBeNull();
    });
  });
}
