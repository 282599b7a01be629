import { createRequire } from 'node:module';
import type { Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { notificationJobHandlers } from '../../jobs/notification-jobs';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { upsertProgram } from '../events/events.repository';
import { deliveriesOfEvent } from './event-notifications.repository';
import { createEventNotifier } from './event-notifications.service';
import { createNotificationChannels } from './notification-channels.service';
import { freePort } from '../../test/local-ports';

// web-push-testing (CommonJS, Node ≥ 20) is a real push service: it checks the VAPID JWT against
// the key the subscription was made with and decrypts the aes128gcm payload with the
// subscription's private key, as a browser's push service and user agent would.
const require = createRequire(import.meta.url);
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => { startServer(): void; _server: Server };
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };

const silent = createLogger({ level: 'silent' });

describe('web push against a real local push service (web-push-testing)', () => {
  let t: TestApp;
  let push: { startServer(): void; _server: Server };
  let pushUrl: string;
  const now = new Date('2030-04-02T14:00:00Z');
  let member: Member;
  let operator: Member;

  beforeAll(async () => {
    const port = await freePort();
    push = new WebPushTestingServer(new PushApiModel(), port);
    push.startServer();
    await new Promise<void>((resolve) => (push._server.listening ? resolve() : push._server.once('listening', () => resolve())));
    pushUrl = `http://localhost:${port}`;
    t = await createTestApp({ clock: () => now });
    member = await createMember(t.app, { language: 'es' });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    expect((await t.app.request('/api/household', { headers: asMember(member) })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => push._server.close(() => resolve()));
  });

  const pushService = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${pushUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return ((await res.json()) as { data: T }).data;
  };
  const call = (method: string, path: string, body?: unknown) => t.app.request(path, { method, headers: asMember(member), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('makes the VAPID key pair once and keeps it in the database for every process', async () => {
    const res = await call('GET', '/api/push-subscriptions/key');
    expect(res.status).toBe(200);
    const { publicKey } = (await res.json()) as { publicKey: string };
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const again = createNotificationChannels({ config: t.config, db: t.database.db, logger: silent });
    expect(await again.push.publicKey()).toBe(publicKey);
    expect(rowsOf(await t.database.db.execute(sql`select name from app_secrets`))).toEqual([{ name: 'vapid' }]);
  });

  it('subscribes, sends an event notification the push service verifies and decrypts, and drops a subscription that expired', async () => {
    const { publicKey } = (await (await call('GET', '/api/push-subscriptions/key')).json()) as { publicKey: string };
    const subscription = await pushService<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey });

    expect((await call('PUT', '/api/notification-preferences', { channels: { push: { events: true } } })).status).toBe(409);
    expect((await call('POST', '/api/push-subscriptions', { endpoint: 'not a url', keys: subscription.keys })).status).toBe(400);
    expect((await call('POST', '/api/push-subscriptions', { endpoint: subscription.endpoint, keys: { p256dh: 'short', auth: subscription.keys.auth } })).status).toBe(400);
    const saved = await call('POST', '/api/push-subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ pushSubscriptions: 1 });
    expect((await call('PUT', '/api/notification-preferences', { channels: { push: { events: true } } })).status).toBe(200);

    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    const scheduled = await t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, startsAt: '2030-04-02T22:00:00Z', endsAt: '2030-04-02T23:00:00Z' }) });
    const { id: eventId } = (await scheduled.json()) as { id: string };
    const worker = startDurableWorker({ db: t.database.db, handlers: { ...eventJobHandlers, ...notificationJobHandlers(createEventNotifier({ mailer: t.accounts.mailer, channels: t.notifications })) }, logger: silent, clock: () => now });
    await worker.runDue();
    await worker.runDue();

    const { messages } = await pushService<{ messages: string[] }>('/get-notifications', { clientHash: subscription.clientHash });
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!)).toEqual({ title: 'Evento de ahorro de energía', body: expect.stringContaining('Inscríbete en Peakwise'), url: '/app/dashboard', tag: `event-${eventId}` });
    const pushRow = (await deliveriesOfEvent(t.database.db, eventId)).find((d) => d.channel === 'push')!;
    expect(pushRow).toMatchObject({ status: 'sent', attempts: 1, providerId: '1 device' });

    // The browser unsubscribed: the push service answers 410, and the server forgets the subscription.
    expect((await fetch(`${pushUrl}/expire-subscription/${subscription.clientHash}`, { method: 'POST' })).status).toBe(200);
    const cancel = await t.app.request(`/api/ops/events/${eventId}/cancel`, { method: 'POST', headers: asMember(operator) });
    expect(cancel.status).toBe(204);
    await worker.runDue();
    await worker.runDue();
    await worker.stop();
    const cancelled = (await deliveriesOfEvent(t.database.db, eventId)).find((d) => d.channel === 'push' && d.kind === 'cancelled')!;
    expect(cancelled.status).toBe('skipped');
    expect(await (await call('GET', '/api/notification-preferences')).json()).toMatchObject({ pushSubscriptions: 0 });
    expect((await pushService<{ messages: string[] }>('/get-notifications', { clientHash: subscription.clientHash })).messages).toHaveLength(1);
  });

  it('forgets a subscription on request, and says so when there is none', async () => {
    expect((await call('DELETE', '/api/push-subscriptions', { endpoint: 'https://push.example/none' })).status).toBe(404);
    const endpoint = 'https://push.example/send/abc';
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    expect((await call('POST', '/api/push-subscriptions', { endpoint, keys })).status).toBe(201);
    const gone = await call('DELETE', '/api/push-subscriptions', { endpoint });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toMatchObject({ pushSubscriptions: 0 });
  });
});
