import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker, type DurableWorker } from '../../jobs/durable-worker';
import { openAdrJobHandlers, startOpenAdrPolling } from '../../jobs/openadr-jobs';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { startTestVtn, type TestVtn } from '../../test/openadr-test-vtn';
import { portBeforeApp, type PortBeforeApp } from '../../test/port-before-app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertProgram } from '../events/events.repository';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { createOpenAdrClient } from './openadr-client';
import { pollVtn } from './openadr-ven.service';
import { mapVtnProgram, opsOpenAdr } from './ops-openadr.service';

const HOUR = 3_600_000;
/** What 3.1's objectMetadata requires of any object a notification carries. */
const META = { createdDateTime: '2026-01-01T00:00:00Z', modificationDateTime: '2026-01-01T00:00:00Z' };
const logger = createLogger({ level: 'silent' });

describe.each(['3.0.1', '3.1.1'] as const)('OpenADR %s webhook subscriptions, over HTTP both ways', (version) => {
  let vtn: TestVtn;
  let t: TestApp;
  let server: PortBeforeApp;
  let base: string;
  let worker: DurableWorker;
  let vtnProgram: string;
  let ontario: string;
  let vtnId: string;
  // The worker's clock and the app's: a notification hastens the poll to "now", which the worker then finds due.
  let now = new Date();
  /** Whole hours ahead of the real time, as the VTN writes them. */
  const at = (hoursAhead: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hoursAhead * HOUR).toISOString().replace('.000Z', 'Z');
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const pollJob = async () => (await jobsByKeyPrefix(t.database.db, 'openadr-poll:'))[0]!;
  /** How many times the poll ran during `run` (the worker also runs the events' own jobs, without handlers here). */
  const pollsRun = async (run: () => Promise<unknown>) => {
    const before = (await pollJob()).attempts;
    await run();
    return (await pollJob()).attempts - before;
  };
  const oadrEvent = async (vtnEventId: string) =>
    (await q<{ status: string; eventId: string | null; updatedAt: string }>(sql`select status, event_id as "eventId", updated_at::text as "updatedAt" from openadr_events where vtn_event_id = ${vtnEventId}`))[0];
  const countEvents = async () => (await q<{ n: number }>(sql`select count(*)::int as n from energy_events`))[0]!.n;
  const subscription = () => [...vtn.subscriptions.values()][0] as { id: string; programID?: string; clientName: string; objectOperations: { callbackUrl: string; bearerToken?: string; objects: string[]; operations: string[] }[] };
  const notify = (url: string, authorization: string | null, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) });

  beforeAll(async () => {
    vtn = await startTestVtn(version);
    // The app is served on a real port, so the VTN's challenge and notifications come over HTTP; its address is known only once listening.
    server = await portBeforeApp();
    base = server.base;
    t = await createTestApp({
      clock: () => now,
      env: { OPENADR_VTN_URL: vtn.url, OPENADR_CLIENT_ID: vtn.clientId, OPENADR_CLIENT_SECRET: vtn.clientSecret, OPENADR_VERSION: version, OPENADR_VEN_NAME: 'peakwise-hooks', OPENADR_POLL_SECONDS: '300', OPENADR_CALLBACK_URL: base },
    });
    server.serveApp(t.app);
    ontario = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    vtnProgram = vtn.addProgram('Utility summer DR');
    const config = t.config.openadr!;
    worker = startDurableWorker({ db: t.database.db, handlers: openAdrJobHandlers({ vtns: [{ config, client: createOpenAdrClient({ config }) }], logger }), logger, clock: () => now });
    await startOpenAdrPolling(t.database.db, [config], now);
  });
  afterAll(async () => {
    await worker.stop();
    await vtn.settle();
    await server.close();
    await t.close();
    await vtn.close();
  });

  it('subscribes once, answering the VTN’s challenge; the bearer token is kept only as its hash', async () => {
    expect(await worker.runDue()).toBe(1);
    const [state] = await opsOpenAdr(t.database.db);
    vtnId = state!.id;
    expect(state).toMatchObject({ subscriptionStatus: 'active', subscriptionError: null, lastError: null });
    expect(vtn.subscriptions.size).toBe(1);
    const made = subscription();
    // 3.0.1 ties a subscription to a program; 3.1.1 has one for every program.
    expect(made.programID ?? null).toBe(version === '3.0.1' ? vtnProgram : null);
    expect(made.clientName).toBe('peakwise-hooks');
    const [op] = made.objectOperations;
    expect(op!.callbackUrl).toMatch(new RegExp(`^${base}/api/openadr/callback/${vtnId}/[0-9a-f]{48}$`));
    expect(op!.objects.sort()).toEqual(['EVENT', 'PROGRAM']);
    expect(op!.operations.sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
    const stored = await q<{ scope: string; id: string; hash: string; all: string }>(
      sql`select scope, vtn_subscription_id as id, bearer_sha256 as hash, (select row_to_json(v)::text from openadr_vtns v) || row_to_json(s)::text as all from openadr_subscriptions s`,
    );
    expect(stored).toEqual([{ scope: version === '3.0.1' ? vtnProgram : '*', id: made.id, hash: createHash('sha256').update(op!.bearerToken!).digest('hex'), all: expect.any(String) }]);
    expect(stored[0]!.all).not.toContain(op!.bearerToken);

    // The next poll finds the subscription by its callback and creates nothing.
    const requests = vtn.requests.length;
    expect(await pollVtn(t.database.db, createOpenAdrClient({ config: t.config.openadr! }), { url: vtn.url, version, venName: 'peakwise-hooks' }, now, base)).toMatchObject({ ok: true });
    expect(vtn.requests.slice(requests).filter((r) => r.includes('/subscriptions') && !r.startsWith('GET'))).toEqual([]);
    expect(vtn.subscriptions.size).toBe(1);
    expect(vtn.violations).toEqual([]);
  });

  it('a notification runs the poll now, which applies the event; the same notification again changes nothing', async () => {
    await t.database.db.transaction((tx) => mapVtnProgram(tx, vtnId, vtnProgram, ontario, now));
    const before = await pollJob();
    expect(new Date(before.runAt).getTime()).toBeGreaterThan(now.getTime());
    const id = vtn.putEvent({ programID: vtnProgram, intervalPeriod: { start: at(24), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [2] }] }] });
    await vtn.settle();
    expect(vtn.notifications.at(-1)).toEqual({ objectType: 'EVENT', operation: 'CREATE', id, status: 200 });
    expect(new Date((await pollJob()).runAt).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(await pollsRun(() => worker.runDue())).toBe(1);
    const applied = (await oadrEvent(id))!;
    expect(applied).toMatchObject({ status: 'scheduled' });
    const events = await countEvents();

    const op = subscription().objectOperations[0]!;
    const again = await notify(op.callbackUrl, `Bearer ${op.bearerToken}`, { objectType: 'EVENT', operation: version === '3.0.1' ? 'POST' : 'CREATE', object: { ...META, id, objectType: 'EVENT', programID: vtnProgram, intervals: [] } });
    expect(again.status).toBe(200);
    expect(await pollsRun(() => worker.runDue())).toBe(1);
    expect(await oadrEvent(id)).toEqual(applied);
    expect(await countEvents()).toBe(events);
    expect(vtn.violations).toEqual([]);
  });

  it('a notification lost on the way is caught by the next poll', async () => {
    vtn.silent = true;
    const id = vtn.putEvent({ programID: vtnProgram, intervalPeriod: { start: at(30), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }] });
    vtn.silent = false;
    expect(await pollsRun(() => worker.runDue())).toBe(0);
    expect(await oadrEvent(id)).toBeUndefined();
    now = new Date(now.getTime() + 301_000);
    expect(await pollsRun(() => worker.runDue())).toBe(1);
    expect(await oadrEvent(id)).toMatchObject({ status: 'scheduled' });
  });

  it('refuses a callback without the bearer token, with a wrong one, at an unknown path, or with a body that is no notification, and does nothing', async () => {
    const op = subscription().objectOperations[0]!;
    const body = { objectType: 'EVENT', operation: version === '3.0.1' ? 'PUT' : 'UPDATE', object: { ...META, id: 'x', objectType: 'EVENT', programID: vtnProgram, intervals: [] } };
    const job = await pollJob();
    const notified = async () => (await q<{ at: string | null }>(sql`select notified_at::text as at from openadr_vtns`))[0]!.at;
    const wasNotified = await notified();
    expect((await notify(op.callbackUrl, null, body)).status).toBe(401);
    expect((await notify(op.callbackUrl, 'Bearer 0123456789abcdef', body)).status).toBe(401);
    expect((await notify(op.callbackUrl, `Basic ${op.bearerToken}`, body)).status).toBe(401);
    const otherToken = op.callbackUrl.replace(/[0-9a-f]{48}$/, 'f'.repeat(48));
    expect((await notify(otherToken, `Bearer ${op.bearerToken}`, body)).status).toBe(404);
    expect((await notify(op.callbackUrl, `Bearer ${op.bearerToken}`, { objectType: 'EVENT', operation: 'SHOUT', object: {} })).status).toBe(400);
    expect((await fetch(op.callbackUrl, { method: 'POST', headers: { authorization: `Bearer ${op.bearerToken}`, 'content-type': 'application/json' }, body: '{not json' })).status).toBe(400);
    expect(await pollJob()).toEqual(job);
    expect(await notified()).toBe(wasNotified);

    // The challenge: answered only at our path, and only with an echo.
    expect(await (await fetch(`${op.callbackUrl}?echo=abc-123`)).text()).toBe('abc-123');
    expect((await fetch(`${otherToken}?echo=abc-123`)).status).toBe(404);
    expect((await fetch(op.callbackUrl)).status).toBe(400);
    expect((await fetch(`${op.callbackUrl}?echo=${encodeURIComponent('<script>')}`)).status).toBe(400);
  });

  it('a VTN that refuses the subscription (its challenge failed) is still polled, and the failure is shown', async () => {
    const unreachable = 'http://127.0.0.1:9';
    const result = await pollVtn(t.database.db, createOpenAdrClient({ config: t.config.openadr! }), { url: vtn.url, version, venName: 'peakwise-hooks' }, now, unreachable);
    expect(result).toMatchObject({ ok: true });
    const [state] = await opsOpenAdr(t.database.db);
    expect(state).toMatchObject({ subscriptionStatus: 'failed', subscriptionError: expect.stringMatching(/subscriptions answered 400/), lastError: null });
    expect(JSON.stringify(state)).not.toContain(vtn.clientSecret);
    // The subscription the VTN holds still works meanwhile, with the bearer it was given.
    const op = subscription().objectOperations[0]!;
    expect(vtn.subscriptions.size).toBe(1);
    expect((await notify(op.callbackUrl, `Bearer ${op.bearerToken}`, { objectType: 'PROGRAM', operation: version === '3.0.1' ? 'PUT' : 'UPDATE', object: { ...META, id: vtnProgram, objectType: 'PROGRAM', programName: 'Utility summer DR' } })).status).toBe(200);
    // Back at the right address, the next poll finds it as it was.
    expect(await pollVtn(t.database.db, createOpenAdrClient({ config: t.config.openadr! }), { url: vtn.url, version, venName: 'peakwise-hooks' }, now, base)).toMatchObject({ ok: true });
    expect((await opsOpenAdr(t.database.db))[0]).toMatchObject({ subscriptionStatus: 'active', subscriptionError: null });
    expect(vtn.subscriptions.size).toBe(1);
    expect(vtn.violations).toEqual([]);
  });

  it('a VTN that hangs holds no database while the VEN waits for it', async () => {
    const config = t.config.openadr!;
    const slow = startDurableWorker({ db: t.database.db, handlers: openAdrJobHandlers({ vtns: [{ config, client: createOpenAdrClient({ config, timeoutMs: 1_500 }) }], logger }), logger, clock: () => now });
    now = new Date(now.getTime() + 301_000);
    vtn.fault = 'hang';
    const attempts = (await pollJob()).attempts;
    const polling = slow.runDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await t.database.db.execute(sql`select count(*) from openadr_events`);
    // Inside the job's transaction, this read would wait for the VTN's timeout (1.5 s) on PGlite.
    expect(Date.now() - started).toBeLessThan(700);
    await polling;
    expect((await pollJob()).attempts).toBe(attempts + 1);
    vtn.fault = null;
    await slow.stop();
    expect((await opsOpenAdr(t.database.db))[0]!.lastError).toMatch(/no answer within 1500 ms/);
  });
});
