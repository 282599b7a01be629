import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './webhook-signature';

const secret = 'whsec_test_0123456789abcdef';
const now = new Date('2026-11-20T12:00:00Z');

describe('webhook signature', () => {
  it('is an HMAC-SHA256 of "<t>.<body>", computed independently here', () => {
    const body = '{"id":"evt_1"}';
    const t = Math.floor(now.getTime() / 1000);
    expect(signPayload(secret, body, now)).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
  });
  it('verifies its own signature and refuses a changed body, another secret, a missing or stale header', () => {
    const body = '{"id":"evt_1"}';
    const header = signPayload(secret, body, now);
    expect(verifySignature(secret, body, header, now)).toBe(true);
    expect(verifySignature(secret, '{"id":"evt_2"}', header, now)).toBe(false);
    expect(verifySignature('whsec_other_secret_000000', body, header, now)).toBe(false);
    expect(verifySignature(secret, body, undefined, now)).toBe(false);
    expect(verifySignature(secret, body, 'garbage', now)).toBe(false);
    expect(verifySignature(secret, body, header, new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifySignature(secret, body, header, new Date(now.getTime() + 299_000))).toBe(true);
  });
});
