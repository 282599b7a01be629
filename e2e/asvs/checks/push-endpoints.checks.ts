import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, type AsvsContext } from '../asvs-context';

const AREA = 'Push endpoints';

// Shaped as a browser's subscription keys are (a P-256 point and a 16-byte secret, base64url);
// never used to encrypt anything here.
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

/**
 * Item 3 of issue 29 (decision 080): a push subscription is a URL the server later connects to,
 * so, as with webhooks, one aimed at this machine, its network or the cloud's metadata address is
 * refused when it is given. Each connection's own lookup and the no-redirect rule are the unit
 * tests' (push-sender.test.ts): a live server has no public push service to redirect from.
 */
export function pushEndpointChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'A push subscription aimed at loopback, private or link-local addresses is refused and not stored', ['1.3.6'], async () => {
      const member = await ctx.signUp('push-inward');
      const inward = [
        'https://127.0.0.1/push',
        'https://localhost:8443/push',
        'https://api.localhost/push',
        'https://[::1]/push',
        'https://169.254.169.254/latest/meta-data',
        'https://10.0.0.7/push',
        'https://192.168.1.1/push',
        'https://[::ffff:127.0.0.1]/push',
        'http://push.example.com/plain-http',
      ];
      const accepted: string[] = [];
      for (const endpoint of inward) {
        const reply = await member.client.call('POST', '/api/push-subscriptions', { body: { endpoint, keys: KEYS } });
        if (reply.status !== 400) accepted.push(`${endpoint} → ${reply.status}`);
      }
      expect(accepted, `accepted: ${accepted.join(', ')}`).toEqual([]);
      const stored = await ctx.server.sql<{ n: string }>('select count(*) as n from push_subscriptions where user_id = $1', [member.userId]);
      expect(Number(stored[0]?.n), 'subscriptions stored').toBe(0);

      // A public push service's address is still taken, so the refusals above are the guard's.
      expectStatus(await member.client.call('POST', '/api/push-subscriptions', { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/asvs', keys: KEYS } }), 201, 'a public push endpoint');
      return `${inward.length} inward endpoints refused, a public one taken`;
    });
  });
}
