import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { notificationConsents } from './notification-preferences.repository';
import { smsTo } from './sms-outbox.repository';

const silent = createLogger({ level: 'silent' });
type Prefs = { channels: Record<'email' | 'sms' | 'push', Record<string, boolean>>; phone: { number: string; verified: boolean } | null; pushSubscriptions: number };

const call = (t: TestApp, who: Member | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, { method, headers: { ...(who ? asMember(who) : { 'content-type': 'application/json' }), ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('notification preferences, phone verification and SMS STOP (outbox)', () => {
  let t: TestApp;
  let now = new Date('2030-01-10T15:00:00Z');
  let member: Member;
  const INBOUND = 'inbound-shared-secret-0123456789';

  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_INBOUND_SECRET: INBOUND }, clock: () => now });
    member = await createMember(t.app, { language: 'fr' });
  });
  afterAll(() => t.close());

  const prefs = async () => (await (await call(t, member, 'GET', '/api/notification-preferences')).json()) as Prefs;
  const codeFrom = async (phone: string) => /(\d{6})/.exec((await smsTo(t.database.db, phone)).at(-1)!.body)![1]!;

  it('starts with email on and SMS and push off; anonymous gets 401', async () => {
    expect((await call(t, null, 'GET', '/api/notification-preferences')).status).toBe(401);
    expect(await prefs()).toEqual({
      channels: {
        email: { events: true, bill_reminders: true, maintenance_alerts: true, rewards: true },
        sms: { events: false, bill_reminders: false, maintenance_alerts: false, rewards: false },
        push: { events: false, bill_reminders: false, maintenance_alerts: false, rewards: false },
      },
      phone: null,
      pushSubscriptions: 0,
    });
  });

  it('refuses bad changes with a 4xx and writes nothing', async () => {
    const bad: [unknown, number, string][] = [
      [{ channels: { fax: { events: true } } }, 400, 'validation_failed'],
      [{ channels: { email: { newsletters: true } } }, 400, 'validation_failed'],
      [{ channels: { email: { events: 'yes' } } }, 400, 'validation_failed'],
      [{}, 400, 'validation_failed'],
      // Email off and SMS on together: the SMS part is refused, so neither is saved.
      [{ channels: { email: { rewards: false }, sms: { events: true } } }, 409, 'phone_not_verified'],
      [{ channels: { push: { events: true } } }, 409, 'no_push_subscription'],
    ];
    for (const [body, status, code] of bad) {
      const res = await call(t, member, 'PUT', '/api/notification-preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect((await prefs()).channels.email.rewards).toBe(true);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from notification_preferences`))).toHaveLength(0);
    expect(await notificationConsents(t.database.db, member.userId)).toEqual([]);
  });

  it('saves a change and appends a consent record for each real change', async () => {
    const res = await call(t, member, 'PUT', '/api/notification-preferences', { channels: { email: { rewards: false, events: true } } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Prefs).channels.email).toEqual({ events: true, bill_reminders: true, maintenance_alerts: true, rewards: false });
    expect(await notificationConsents(t.database.db, member.userId)).toEqual([{ purpose: 'notifications:email:rewards', granted: false, source: 'settings', wording: 'Tell me about my rewards' }]);
    const [record] = rowsOf<{ language: string }>(await t.database.db.execute(sql`select language from consents where purpose = 'notifications:email:rewards'`));
    expect(record!.language).toBe('fr');
  });

  it('verifies a mobile number by a 6-digit code: hashed, limited, expiring; only then may SMS be turned on', async () => {
    for (const phone of ['12345', '+44 20 7946 0958', '(016) 555-0123', 'call me']) {
      const res = await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone });
      expect(res.status, phone).toBe(400);
    }
    const sent = await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone: '(416) 555-0123' });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as Prefs).phone).toEqual({ number: '+14165550123', verified: false });
    const code = await codeFrom('+14165550123');
    const [stored] = rowsOf<{ code_hash: string }>(await t.database.db.execute(sql`select code_hash from notification_phones`));
    expect(stored!.code_hash).not.toContain(code);
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const again = await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone: '416 555 0123' });
    expect(again.status).toBe(429);
    expect((await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code: '12' })).status).toBe(400);
    const wrong = code === '000000' ? '000001' : '000000';
    const miss = await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code: wrong });
    expect(miss.status).toBe(400);
    expect(await miss.json()).toEqual({ error: { code: 'code_wrong', message: 'That code is not right.' } });
    expect((await call(t, member, 'PUT', '/api/notification-preferences', { channels: { sms: { events: true } } })).status).toBe(409);

    const ok = await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Prefs).phone).toEqual({ number: '+14165550123', verified: true });
    expect((await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code })).status).toBe(200); // already verified
    const on = await call(t, member, 'PUT', '/api/notification-preferences', { channels: { sms: { events: true, rewards: true } } });
    expect(on.status).toBe(200);
    expect(((await on.json()) as Prefs).channels.sms).toMatchObject({ events: true, rewards: true });
  });

  it('five wrong codes lock the code; an expired code is refused', async () => {
    now = new Date(now.getTime() + 5 * 60_000);
    expect((await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone: '514-555-0188' })).status).toBe(200);
    const code = await codeFrom('+15145550188');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i += 1) expect((await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code: wrong })).status).toBe(400);
    expect((await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code: wrong })).status).toBe(429);
    expect((await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code })).status).toBe(429);
    expect((await prefs()).phone).toEqual({ number: '+15145550188', verified: false });

    now = new Date(now.getTime() + 2 * 60_000);
    expect((await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone: '514-555-0188' })).status).toBe(200);
    const fresh = await codeFrom('+15145550188');
    now = new Date(now.getTime() + 11 * 60_000);
    const late = await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code: fresh });
    expect(late.status).toBe(410);

    now = new Date(now.getTime() + 60_000);
    expect((await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone: '514-555-0188' })).status).toBe(200);
    expect((await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code: await codeFrom('+15145550188') })).status).toBe(200);
  });

  it('an inbound STOP (or ARRÊT) from the verified number turns every SMS kind off, with consent records; the webhook needs its secret', async () => {
    const stop = { from: '+1 514 555 0188', body: ' arrêt ' };
    expect((await call(t, null, 'POST', '/api/sms/inbound', stop)).status).toBe(401);
    expect((await call(t, null, 'POST', '/api/sms/inbound', stop, { authorization: 'Bearer wrong-secret-wrong-secret-00' })).status).toBe(401);
    expect((await call(t, null, 'POST', '/api/sms/inbound', { from: 5145550188 }, { authorization: `Bearer ${INBOUND}` })).status).toBe(400);
    const hello = await call(t, null, 'POST', '/api/sms/inbound', { from: '+15145550188', body: 'hello' }, { authorization: `Bearer ${INBOUND}` });
    expect(await hello.json()).toEqual({ stopped: 0 });
    expect((await prefs()).channels.sms.events).toBe(true);

    const res = await call(t, null, 'POST', '/api/sms/inbound', stop, { authorization: `Bearer ${INBOUND}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ stopped: 1 });
    expect(Object.values((await prefs()).channels.sms).every((on) => !on)).toBe(true);
    const records = (await notificationConsents(t.database.db, member.userId)).filter((r) => r.source === 'sms_stop');
    expect(records.map((r) => r.purpose).sort()).toEqual(['notifications:sms:events', 'notifications:sms:rewards']);
  });
});

describe('SMS through an HTTP provider', () => {
  let t: TestApp;
  let provider: Server;
  const received: { headers: IncomingHttpHeaders; body: { to: string; body: string } }[] = [];
  let failNext = 0;
  let now = new Date('2030-02-04T15:00:00Z');

  beforeAll(async () => {
    provider = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
          return;
        }
        received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; body: string } });
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `msg-${received.length}` }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    t = await createTestApp({ env: { SMS_PROVIDER_URL: `http://127.0.0.1:${port}/messages`, SMS_PROVIDER_TOKEN: 'provider-token-123' }, clock: () => now });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it('sends the code and event texts with the bearer token and the delivery id as Idempotency-Key; keeps no code; retries a refusal', async () => {
    const member = await createMember(t.app, { language: 'en' });
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    expect((await call(t, member, 'GET', '/api/household')).status).toBe(200);

    failNext = 1;
    const refused = await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone: '6475550100' });
    expect(refused.status).toBe(502);
    expect(((await (await call(t, member, 'GET', '/api/notification-preferences')).json()) as Prefs).phone).toBeNull();

    expect((await call(t, member, 'PUT', '/api/notification-preferences/phone', { phone: '6475550100' })).status).toBe(200);
    const [codeSms] = received;
    expect(codeSms!.headers.authorization).toBe('Bearer provider-token-123');
    expect(codeSms!.headers['idempotency-key']).toMatch(/^phone-code:/);
    expect(codeSms!.body.to).toBe('+16475550100');
    const code = /(\d{6})/.exec(codeSms!.body.body)![1]!;
    expect((await smsTo(t.database.db, '+16475550100'))[0]).toEqual({ body: expect.stringContaining('[code removed]'), purpose: 'phone_verification', providerId: 'msg-1' });
    expect((await call(t, member, 'POST', '/api/notification-preferences/phone/verify', { code })).status).toBe(200);
    expect((await call(t, member, 'PUT', '/api/notification-preferences', { channels: { sms: { events: true } } })).status).toBe(200);

    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    const scheduled = await call(t, operator, 'POST', '/api/ops/events', { programId, startsAt: '2030-02-04T23:00:00Z', endsAt: '2030-02-05T00:00:00Z' });
    const { id: eventId } = (await scheduled.json()) as { id: string };
    const notifier = createEventNotifier({ mailer: t.accounts.mailer, channels: t.notifications });
    const worker = startDurableWorker({ db: t.database.db, handlers: { ...eventJobHandlers, ...notificationJobHandlers(notifier) }, logger: silent, clock: () => now });
    failNext = 1;
    await worker.runDue();
    await worker.runDue();
    const smsRow = () => deliveriesOfEvent(t.database.db, eventId).then((rows) => rows.find((d) => d.channel === 'sms' && d.userId === member.userId)!);
    expect(await smsRow()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(received).toHaveLength(1);

    now = new Date(now.getTime() + 2 * 60_000);
    await worker.runDue();
    await worker.stop();
    const row = await smsRow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, providerId: 'msg-2' });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['idempotency-key']).toBe(row.id);
    expect(received[1]!.body).toEqual({ to: '+16475550100', body: expect.stringContaining('Energy Saving Event') });
    expect(received[1]!.body.body).toContain('6:00 p.m.');
  });
});
