import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import type { AsvsContext } from '../asvs-context';

const AREA = 'Caching';

/** Authenticated reads of a member's own data (each answers 200 for a brand-new member). */
const MEMBER_READS = [
  '/api/auth/get-session',
  '/api/profile',
  '/api/sessions',
  '/api/household',
  '/api/points',
  '/api/devices',
  '/api/household/ingest-tokens',
  '/api/member-api/tokens',
  '/api/privacy-exports',
  '/api/billing/payment-methods',
  '/api/notification-preferences',
];

export function dataProtectionChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'Cache-Control: no-store on every authenticated API response', ['14.3.2', '14.2.2'], async () => {
      const member = await ctx.signUp('cache');
      const failures: string[] = [];
      for (const path of MEMBER_READS) {
        const res = await member.client.call('GET', path);
        if (res.status !== 200) failures.push(`${path}: status ${res.status}`);
        const cacheControl = res.headers.get('cache-control') ?? '';
        if (!/\bno-store\b/i.test(cacheControl)) failures.push(`${path}: Cache-Control "${cacheControl}"`);
      }
      expect(failures, failures.join('; ')).toEqual([]);
      return `${MEMBER_READS.length} endpoints`;
    });
  });
}
