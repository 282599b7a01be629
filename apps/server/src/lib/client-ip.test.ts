import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

function probe(trustProxy: boolean) {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trustProxy)));
  return async (headers: Record<string, string>, remoteAddress?: string) => {
    const res = await app.request('/', { headers }, remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined);
    return res.text();
  };
}

describe('clientIp', () => {
  it('uses the TCP peer and ignores X-Forwarded-For by default', async () => {
    const ip = probe(false);
    expect(await ip({ 'x-forwarded-for': '198.51.100.7' }, '203.0.113.9')).toBe('203.0.113.9');
    expect(await ip({}, '::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(await ip({}, '2001:DB8::1')).toBe('2001:db8::1');
  });

  it('falls back to 127.0.0.1 in process', async () => {
    expect(await probe(false)({ 'x-forwarded-for': '198.51.100.7' })).toBe('127.0.0.1');
  });

  it('takes the right-most X-Forwarded-For hop behind a trusted proxy', async () => {
    const ip = probe(true);
    expect(await ip({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7' }, '10.0.0.2')).toBe('198.51.100.7');
    expect(await ip({ 'x-forwarded-for': 'garbage' }, '10.0.0.2')).toBe('10.0.0.2');
    expect(await ip({}, '10.0.0.2')).toBe('10.0.0.2');
  });
});
