import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { startDurableWorker } from '../../jobs/durable-worker';
import { billingJobHandlers } from '../../jobs/billing-jobs';
import { webhookJobHandlers } from '../../jobs/webhook-jobs';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { upsertProgram } from '../events/events.repository';
import { scheduleEvent, setOptIn } from '../events/events.service';
import { settleEndedEvent } from '../events/event-settlement.service';
import { changeTariff } from '../households/household.service';
import { runStatementJob } from '../billing/statements.service';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';

const silent = createLogger({ level: 'silent' });
// The server's clock: deliveries are stamped and retried on it, never on real time.
let nowMs = Date.parse('2026-04-14T16:00:00Z');
const clock = () => new Date(nowMs);
const RETRIES = [60, 300];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { WEBHOOK_RETRY_SCHEDULE_SECONDS: RETRIES.join(','), WEBHOOK_TIMEOUT_MS: '2000' } });
});
afterAll(() => t.close());

type Received = { headers: IncomingHttpHeaders; body: string };
type Receiver = { url: string; received: Received[]; answers: number[]; close(): Promise<void> };

/** A real HTTP endpoint: records every request and answers the next status of `answers` (200 once they run out). */
async function receiver(answers: number[] = []): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/peakwise`, received, answers, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One pass of a durable worker, as a server process would run it; a new worker each time is a restart. */
async function runJobs() {
  const worker = startDurableWorker({
    db: t.database.db,
    handlers: { ...webhookJobHandlers({ retryDelaysSeconds: t.config.webhooks.retryDelaysSeconds, timeoutMs: t.config.webhooks.timeoutMs, allowPrivateNetworks: true }), ...billingJobHandlers() },
    logger: silent,
    clock,
  });
  try {
    return await worker.runDue();
  } finally {
    await worker.stop();
  }
}

const HOOKS = '/api/member-api/webhooks';
type Json = Record<string, unknown> & { error?: { code: string; message: string; details?: { path: string; message: string }[] } };
const call = async (member: Member | null, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: member ? asMember(member) : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
type Created = { id: string; url: string; events: string[]; status: string; createdAt: string; secret: string };
const register = async (member: Member, url: string, events: string[]) => {
  const res = await call(member, 'POST', HOOKS, { url, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Created;
};
type Delivery = { id: string; type: string; status: string; attempts: number; lastStatusCode: number | null; lastDurationMs: number | null; nextAttemptAt: string | null };
const deliveries = async (member: Member, endpointId: string) => (await call(member, 'GET', `${HOOKS}/${endpointId}/deliveries`)).body as unknown as Delivery[];
const attemptsOf = async (deliveryId: string) =>
  rowsOf<{ attempt: number; status_code: number | null }>(
    await t.database.db.execute(sql`select attempt, status_code from webhook_delivery_attempts where delivery_id = ${deliveryId}::uuid order by attempt`),
  );

/** The receiver's own check, with nothing but node:crypto: the signature over "timestamp.body", and a fresh timestamp. */
function verify(request: Received, secret: string, receivedAtMs: number) {
  const timestamp = request.headers['peakwise-webhook-timestamp'] as string;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  const fresh = Math.abs(receivedAtMs / 1000 - Number(timestamp)) <= 300;
  return { valid: request.headers['peakwise-webhook-signature'] === expected, fresh };
}

describe('webhooks', () => {
  it('registers an endpoint with a secret shown once, and a test delivery arrives signed and is logged', async () => {
    const home = await memberWithHousehold(t);
    const hook = await receiver();
    const created = await register(home.member, hook.url, ['event.scheduled', 'bill.issued']);
    expect(created).toEqual({
      id: expect.any(String),
      url: hook.url,
      events: ['bill.issued', 'event.scheduled'],
      status: 'active',
      createdAt: new Date(nowMs).toISOString(),
      secret: expect.stringMatching(/^pwh_[A-Za-z0-9_-]{43}$/),
    });
    const list = await call(home.member, 'GET', HOOKS);
    expect(list.body).toEqual([{ id: created.id, url: hook.url, events: ['bill.issued', 'event.scheduled'], status: 'active', createdAt: created.createdAt }]);

    const queued = await call(home.member, 'POST', `${HOOKS}/${created.id}/test`);
    expect(queued.status).toBe(202);
    const deliveryId = (queued.body as { deliveryId: string }).deliveryId;
    expect(hook.received).toHaveLength(0);
    await runJobs();
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(verify(request!, created.secret, nowMs)).toEqual({ valid: true, fresh: true });
    // A wrong secret or a changed body does not verify; an old timestamp is stale.
    expect(verify(request!, 'pwh_wrong', nowMs).valid).toBe(false);
    expect(verify({ ...request!, body: request!.body.replace('test', 'tset') }, created.secret, nowMs).valid).toBe(false);
    expect(verify(request!, created.secret, nowMs + 3_600_000).fresh).toBe(false);
    expect(request!.headers['peakwise-webhook-id']).toBe(deliveryId);
    expect(request!.headers['peakwise-webhook-timestamp']).toBe(String(Math.floor(nowMs / 1000)));
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      id: deliveryId,
      type: 'webhook.test',
      createdAt: new Date(nowMs).toISOString(),
      data: { message: 'This is a test delivery from Peakwise.' },
    });
    expect(await deliveries(home.member, created.id)).toEqual([
      expect.objectContaining({ id: deliveryId, type: 'webhook.test', status: 'succeeded', attempts: 1, lastStatusCode: 200, lastDurationMs: expect.any(Number), nextAttemptAt: null }),
    ]);
    // Later passes, and a restarted worker, send nothing more.
    nowMs += 86_400_000;
    await runJobs();
    await runJobs();
    expect(hook.received).toHaveLength(1);
    expect(await call(home.member, 'DELETE', `${HOOKS}/${created.id}`)).toEqual({ status: 204, body: null });
    await hook.close();
  });

  it('retries on the configured schedule of the process clock, stops at the first success and sends the same signed bytes', async () => {
    const home = await memberWithHousehold(t);
    const hook = await receiver([500, 503]);
    const created = await register(home.member, hook.url, ['bill.issued']);
    const start = nowMs;
    const { deliveryId } = (await call(home.member, 'POST', `${HOOKS}/${created.id}/test`)).body as { deliveryId: string };
    await runJobs();
    expect(hook.received).toHaveLength(1);
    expect((await deliveries(home.member, created.id))[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, nextAttemptAt: new Date(start + 60_000).toISOString() });
    // Not a second early.
    nowMs = start + 59_999;
    await runJobs();
    expect(hook.received).toHaveLength(1);
    nowMs = start + 60_000;
    await runJobs();
    expect(hook.received).toHaveLength(2);
    expect((await deliveries(home.member, created.id))[0]).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503, nextAttemptAt: new Date(start + 360_000).toISOString() });
    nowMs = start + 359_000;
    await runJobs();
    expect(hook.received).toHaveLength(2);
    nowMs = start + 360_000;
    await runJobs();
    expect(hook.received).toHaveLength(3);
    expect((await deliveries(home.member, created.id))[0]).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
    expect(await attemptsOf(deliveryId)).toEqual([
      { attempt: 1, status_code: 500 },
      { attempt: 2, status_code: 503 },
      { attempt: 3, status_code: 200 },
    ]);
    // One message: the same id and body each time, each signed with its own timestamp.
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    expect(hook.received.map((r) => r.headers['peakwise-webhook-timestamp'])).toEqual([start, start + 60_000, start + 360_000].map((ms) => String(Math.floor(ms / 1000))));
    for (const r of hook.received) expect(verify(r, created.secret, Number(r.headers['peakwise-webhook-timestamp']) * 1000).valid).toBe(true);
    nowMs += 7 * 86_400_000;
    await runJobs();
    expect(hook.received).toHaveLength(3);
    // The database refuses to put a delivered message back in the queue.
    await expect(t.database.db.execute(sql`update webhook_deliveries set status = 'pending', delivered_at = null where id = ${deliveryId}::uuid`)).rejects.toThrow();
    await call(home.member, 'DELETE', `${HOOKS}/${created.id}`);
    await hook.close();
  });

  it('gives up after the last attempt and marks the endpoint failing; the next success makes it active again', async () => {
    const home = await memberWithHousehold(t);
    const hook = await receiver([500, 500, 500]);
    const created = await register(home.member, hook.url, ['bill.issued']);
    await call(home.member, 'POST', `${HOOKS}/${created.id}/test`);
    for (const step of [0, 60_000, 300_000, 86_400_000]) {
      nowMs += step;
      await runJobs();
    }
    expect(hook.received).toHaveLength(RETRIES.length + 1);
    expect((await deliveries(home.member, created.id))[0]).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 500, nextAttemptAt: null });
    expect((await call(home.member, 'GET', HOOKS)).body).toEqual([expect.objectContaining({ id: created.id, status: 'failing' })]);
    // Each test message a second after the last, so "newest first" is well defined.
    nowMs += 1000;
    await call(home.member, 'POST', `${HOOKS}/${created.id}/test`);
    await runJobs();
    expect(hook.received).toHaveLength(4);
    expect((await call(home.member, 'GET', HOOKS)).body).toEqual([expect.objectContaining({ id: created.id, status: 'active' })]);
    // An endpoint that does not answer at all is logged with no status.
    await hook.close();
    nowMs += 1000;
    await call(home.member, 'POST', `${HOOKS}/${created.id}/test`);
    await runJobs();
    expect((await deliveries(home.member, created.id))[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    await call(home.member, 'DELETE', `${HOOKS}/${created.id}`);
  });

  it('tells subscribed members of a scheduled event and its result, once, and nothing when the scheduling rolls back', async () => {
    const subscriber = await memberWithHousehold(t);
    const resultsOnly = await memberWithHousehold(t);
    const bystander = await memberWithHousehold(t);
    const hookA = await receiver();
    const hookB = await receiver();
    const a = await register(subscriber.member, hookA.url, ['event.scheduled', 'event.result']);
    const b = await register(resultsOnly.member, hookB.url, ['event.result']);
    const programId = await upsertProgram(t.database.db, { name: 'Webhook test program', provinces: ['ON', 'BC', 'AB', 'QC'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
    const startsAt = new Date(nowMs + 2 * 3_600_000);
    const endsAt = new Date(nowMs + 3 * 3_600_000);
    const input = { programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), rewardPoints: 150, targetPercent: 20 };

    // Rolled back: no job, no delivery.
    await expect(
      t.database.db.transaction(async (tx) => {
        await scheduleEvent(tx, input, bystander.member.userId, clock());
        throw new Error('operator changed their mind');
      }),
    ).rejects.toThrow('operator changed their mind');
    await runJobs();
    expect(hookA.received).toHaveLength(0);

    const eventId = await t.database.db.transaction((tx) => scheduleEvent(tx, input, bystander.member.userId, clock()));
    await t.database.db.transaction(async (tx) => {
      await setOptIn(tx, subscriber.household, eventId, true, clock());
      await setOptIn(tx, resultsOnly.household, eventId, true, clock());
    });
    await runJobs();
    await runJobs();
    expect(hookA.received).toHaveLength(1);
    expect(hookB.received).toHaveLength(0);
    const scheduled = JSON.parse(hookA.received[0]!.body) as { type: string; data: Record<string, unknown> };
    expect(scheduled.type).toBe('event.scheduled');
    expect(scheduled.data).toEqual({ eventId, programName: 'Webhook test program', startsAt: input.startsAt.replace('.000', ''), endsAt: input.endsAt.replace('.000', ''), rewardPoints: 150, targetPercent: 20 });
    expect(verify(hookA.received[0]!, a.secret, nowMs).valid).toBe(true);

    // Settled (no readings: no baseline, 0 points): each subscribed member hears their own result.
    nowMs = endsAt.getTime() + 48 * 3_600_000;
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, clock()));
    await runJobs();
    await runJobs();
    const resultA = JSON.parse(hookA.received[1]!.body) as { type: string; data: Record<string, unknown> };
    const resultB = JSON.parse(hookB.received[0]!.body) as { type: string; data: Record<string, unknown> };
    const stored = rowsOf<{ household_id: string; outcome: string; points: number }>(
      await t.database.db.execute(sql`select household_id, outcome, points from event_results where event_id = ${eventId}::uuid`),
    );
    const own = (householdId: string) => stored.find((r) => r.household_id === householdId)!;
    expect(resultA).toMatchObject({ type: 'event.result', data: { eventId, outcome: own(subscriber.household.id).outcome, points: own(subscriber.household.id).points } });
    expect(resultB).toMatchObject({ type: 'event.result', data: { eventId, outcome: own(resultsOnly.household.id).outcome, points: own(resultsOnly.household.id).points } });
    expect(verify(hookB.received[0]!, b.secret, nowMs).valid).toBe(true);
    // A later re-settlement and more passes send nothing again.
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, clock()));
    nowMs += 86_400_000;
    await runJobs();
    expect(hookA.received).toHaveLength(2);
    expect(hookB.received).toHaveLength(1);
    await call(subscriber.member, 'DELETE', `${HOOKS}/${a.id}`);
    await call(resultsOnly.member, 'DELETE', `${HOOKS}/${b.id}`);
    await Promise.all([hookA.close(), hookB.close()]);
    // With nobody subscribed, scheduling queues no webhook work at all.
    const later = { ...input, startsAt: new Date(nowMs + 3_600_000).toISOString(), endsAt: new Date(nowMs + 7_200_000).toISOString() };
    const quietId = await t.database.db.transaction((tx) => scheduleEvent(tx, later, bystander.member.userId, clock()));
    expect(await jobsByKeyPrefix(t.database.db, `webhooks:fan-out:event.scheduled:${quietId}`)).toEqual([]);
    expect(await jobsByKeyPrefix(t.database.db, `webhooks:fan-out:event.scheduled:${eventId}`)).toEqual([expect.objectContaining({ status: 'done' })]);
  });

  it('tells a subscribed member when their statement is issued', async () => {
    const home = await memberWithHousehold(t);
    await changeTariff(t.database.db, home.household.id, 'on-tou', '2025-10-15');
    const hook = await receiver();
    const created = await register(home.member, hook.url, ['bill.issued']);
    nowMs = Date.parse('2025-11-01T06:00:00Z');
    await t.database.db.transaction((tx) => runStatementJob(tx, '2025-10', clock()));
    await runJobs();
    await runJobs();
    const [statement] = rowsOf<{ id: string; amount_due_cents: number; due_date: string }>(
      await t.database.db.execute(sql`select id, amount_due_cents, due_date::text from statements where household_id = ${home.household.id}::uuid`),
    );
    expect(statement).toBeDefined();
    expect(hook.received).toHaveLength(1);
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({
      type: 'bill.issued',
      data: { statementId: statement!.id, periodStart: '2025-10-01', periodEnd: '2025-10-31', dueDate: statement!.due_date, amountDueCents: statement!.amount_due_cents, currency: 'CAD' },
    });
    expect(verify(hook.received[0]!, created.secret, nowMs).valid).toBe(true);
    await call(home.member, 'DELETE', `${HOOKS}/${created.id}`);
    await hook.close();
    nowMs = Date.parse('2026-06-01T12:00:00Z');
  });

  it('refuses bad input and other members’ endpoints with 4xx and changes nothing', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const theirs = await register(other.member, 'https://hooks.example.com/theirs', ['bill.issued']);
    const snapshot = async () => rowsOf(await t.database.db.execute(sql`select id, user_id, url, events, secret, status, deleted_at from webhook_endpoints order by id`));
    const deliveryCount = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from webhook_deliveries`))[0]!.n;
    const before = await snapshot();
    const deliveriesBefore = await deliveryCount();
    const cases: [unknown, string][] = [
      [{ url: 'http://hooks.example.com/x', events: ['bill.issued'] }, 'Use an https:// address.'],
      [{ url: 'not a url', events: ['bill.issued'] }, 'Enter a full address starting with https://.'],
      [{ url: 'https://u:p@hooks.example.com/', events: ['bill.issued'] }, 'Leave the user name and password out of the address.'],
      [{ url: 'https://hooks.example.com/', events: [] }, 'Choose at least one event.'],
      [{ url: 'https://hooks.example.com/', events: ['payment.made'] }, 'Choose events from event.scheduled, event.result and bill.issued.'],
      [{ url: 'https://hooks.example.com/', events: ['bill.issued', 'bill.issued'] }, 'List each event once.'],
      [{ url: '', events: ['bill.issued'] }, 'Enter the endpoint’s address.'],
      [{ url: 'https://hooks.example.com/', events: ['bill.issued'], secret: 'mine' }, 'Unrecognized key: "secret"'],
    ];
    for (const [body, message] of cases) {
      const res = await call(home.member, 'POST', HOOKS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('validation_failed');
      expect(res.body.error?.details?.map((d) => d.message)).toEqual([message]);
    }
    const notFound = { status: 404, body: { error: { code: 'not_found', message: 'No such webhook.' } } };
    for (const id of [theirs.id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      expect(await call(home.member, 'DELETE', `${HOOKS}/${id}`)).toEqual(notFound);
      expect(await call(home.member, 'POST', `${HOOKS}/${id}/test`)).toEqual(notFound);
      expect(await call(home.member, 'GET', `${HOOKS}/${id}/deliveries`)).toEqual(notFound);
    }
    expect((await call(null, 'GET', HOOKS)).status).toBe(401);
    expect((await call(null, 'POST', HOOKS, { url: 'https://hooks.example.com/', events: ['bill.issued'] })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect(await deliveryCount()).toBe(deliveriesBefore);
    expect((await call(home.member, 'GET', HOOKS)).body).toEqual([]);
  });

  it('accepts http://localhost only where the configuration allows it, never in production', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.allowLocalhost).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).webhooks.allowLocalhost).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), WEBHOOK_ALLOW_LOCALHOST: 'true' })).toThrow('WEBHOOK_ALLOW_LOCALHOST');
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '60,,300' })).toThrow('WEBHOOK_RETRY_SCHEDULE_SECONDS');
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '5,10' }).webhooks.retryDelaysSeconds).toEqual([5, 10]);
    const strict = await createTestApp({ clock, database: t.database, env: { WEBHOOK_ALLOW_LOCALHOST: 'false' } });
    try {
      const home = await memberWithHousehold(strict);
      const res = await strict.app.request(HOOKS, { method: 'POST', headers: asMember(home.member), body: JSON.stringify({ url: 'http://localhost:9/x', events: ['bill.issued'] }) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error?.details).toEqual([{ path: 'url', message: 'Use an https:// address; http://localhost is only for development.' }]);
    } finally {
      await strict.close();
    }
  });
});
