import { createECDH, randomBytes } from 'node:crypto';
import type * as nodeDns from 'node:dns';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { pushSubscriptionsOf, savePushSubscription } from './notification-preferences.repository';
import { createPushSender } from './push-sender';

// A name whose DNS answer points inward (a rebinding attacker's domain): the lookup that every
// connection makes answers 127.0.0.1 for it, as such a resolver would.
const INWARD_NAME = 'push.inward.test';
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof nodeDns>();
  const lookup = ((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (hostname !== INWARD_NAME) return (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    return all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
  }) as typeof dns.lookup;
  return { ...dns, lookup, default: { ...dns, lookup } };
});

const silent = createLogger({ level: 'silent' });
const message = { title: 'Event', body: 'Tomorrow 5 to 7 pm', url: '/app/dashboard', tag: 'event-1' };

/** A browser's subscription keys: an uncompressed P-256 point and a 16-byte secret, base64url. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** A local HTTP peer that counts every connection and request it gets. */
async function peer(answer: (res: ServerResponse) => void) {
  const seen = { connections: 0, requests: 0 };
  const server: Server = createServer((_req, res) => {
    seen.requests += 1;
    answer(res);
  });
  server.on('connection', () => (seen.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { seen, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('push delivery keeps to the public internet and follows no redirect', () => {
  let t: TestApp;
  let member: Member;
  let inside: Awaited<ReturnType<typeof peer>>;
  let redirector: Awaited<ReturnType<typeof peer>>;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t.app);
    inside = await peer((res) => res.writeHead(201).end());
    redirector = await peer((res) => res.writeHead(307, { location: `http://127.0.0.1:${inside.port}/push/stolen` }).end());
  });
  afterAll(async () => {
    await inside.close();
    await redirector.close();
    await t.close();
  });
  beforeEach(() => {
    inside.seen.connections = 0;
    inside.seen.requests = 0;
  });

  const sender = (allowPrivateNetworks: boolean) => createPushSender({ db: t.database.db, subject: 'mailto:ops@peakwise.test', logger: silent, allowPrivateNetworks });
  const subscribe = (endpoint: string) => savePushSubscription(t.database.db, member.userId, { endpoint, ...browserKeys() });
  const endpoints = async () => (await pushSubscriptionsOf(t.database.db, member.userId)).map((s) => s.endpoint);

  it('reaches a local push service only where private networks are allowed (the peer works)', async () => {
    await subscribe(`http://127.0.0.1:${inside.port}/push/1`);
    expect(await sender(true).sendToMember(t.database.db, member.userId, message, 'k-1')).toBe(1);
    expect(inside.seen.requests).toBe(1);
    await t.database.db.execute(`delete from push_subscriptions`);
  });

  it('never connects to a name that resolves to this machine at delivery, and keeps the subscription', async () => {
    await subscribe(`http://${INWARD_NAME}:${inside.port}/push/2`);
    expect(await sender(false).sendToMember(t.database.db, member.userId, message, 'k-2')).toBe(0);
    expect(inside.seen.connections).toBe(0);
    // The name may answer differently tomorrow: it is judged again at the next send, not dropped.
    expect(await endpoints()).toEqual([`http://${INWARD_NAME}:${inside.port}/push/2`]);
    await t.database.db.execute(`delete from push_subscriptions`);
  });

  it.each([
    ['loopback', (port: number) => `https://127.0.0.1:${port}/push/3`],
    ['localhost', (port: number) => `https://localhost:${port}/push/3`],
    ['IPv6 loopback', (port: number) => `https://[::1]:${port}/push/3`],
    ['IPv4-mapped loopback', (port: number) => `https://[::ffff:127.0.0.1]:${port}/push/3`],
    ['link-local metadata', () => 'https://169.254.169.254/latest/meta-data'],
  ])('drops a saved subscription to %s without connecting', async (_name, endpoint) => {
    await subscribe(endpoint(inside.port));
    expect(await sender(false).sendToMember(t.database.db, member.userId, message, 'k-3')).toBe(0);
    expect(inside.seen.connections).toBe(0);
    expect(await endpoints()).toEqual([]);
  });

  it('does not follow a redirect from the push service to another address', async () => {
    await subscribe(`http://127.0.0.1:${redirector.port}/push/4`);
    await expect(sender(true).sendToMember(t.database.db, member.userId, message, 'k-4')).rejects.toThrow('Push service answered 307');
    expect(redirector.seen.requests).toBe(1);
    expect(inside.seen.connections).toBe(0);
    await t.database.db.execute(`delete from push_subscriptions`);
  });
});

describe('push subscriptions where private networks are not allowed', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_LOCALHOST: 'false' } });
    member = await createMember(t.app);
  });
  afterAll(() => t.close());

  const subscribe = (endpoint: string) =>
    t.app.request('/api/push-subscriptions', { method: 'POST', headers: asMember(member), body: JSON.stringify({ endpoint, keys: browserKeys() }) });

  it.each([
    'https://127.0.0.1/push',
    'https://127.1.2.3:8443/push',
    'https://2130706433/push',
    'https://localhost/push',
    'https://LOCALHOST./push',
    'https://push.localhost/push',
    'https://[::1]/push',
    'https://[::ffff:7f00:1]/push',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/push',
    'https://192.168.1.1/push',
    'https://[fe80::1]/push',
  ])('refuses %s with a 400 and saves nothing', async (endpoint) => {
    const res = await subscribe(endpoint);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'push_endpoint_not_public' } });
    expect(await pushSubscriptionsOf(t.database.db, member.userId)).toEqual([]);
  });

  it('refuses plain http, and takes a public https push service', async () => {
    expect((await subscribe('http://push.example.com/send/1')).status).toBe(400);
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc')).status).toBe(201);
  });
});
