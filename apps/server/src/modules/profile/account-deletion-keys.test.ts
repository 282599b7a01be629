import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../ingest/embedded-broker';
import { authenticateMqtt } from '../../ingest/mqtt-auth';
import { storeMqttMessages } from '../../ingest/mqtt-message-store';
import { startDurableWorker } from '../../jobs/durable-worker';
import { webhookJobHandlers } from '../../jobs/webhook-jobs';
import { createLogger } from '../../lib/logger';
import { meterTopic } from '../../telemetry/topics';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { upsertProgram } from '../events/events.repository';
import { scheduleEvent } from '../events/events.service';

/*
 * Deleting an account revokes everything its keys could reach (decision 079): personal API tokens,
 * household and device ingest credentials over HTTP and MQTT (the embedded broker's logins, and an
 * external broker's messages, whose logins are the broker's own), and webhook endpoints.
 */

const silent = createLogger({ level: 'silent' });
const nowMs = Date.parse('2026-04-14T16:00:00Z');
const clock = () => new Date(nowMs);
const FIVE_MINUTES = 5 * 60_000;
const published: string[] = [];
let t: TestApp;
let broker: EmbeddedBroker;
let hookServer: Server;
const received: string[] = [];
let hookUrl = '';

beforeAll(async () => {
  // A broker that takes every command and a plug that never confirms: a switch that gets through answers 504.
  const commands = { isConnected: () => true, publish: async (topic: string) => void published.push(topic) };
  t = await createTestApp({ clock, commands, env: { PLUG_CONFIRM_TIMEOUT_MS: '50' } });
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', logger: silent, authenticate: (username, password) => authenticateMqtt(t.database.db, username, password) });
  hookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await broker.stop();
  await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  await t.close();
});

type Json = Record<string, unknown>;
const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const reading = (minutesAgo: number) => new Date(Math.floor((nowMs - minutesAgo * 60_000) / FIVE_MINUTES) * FIVE_MINUTES).toISOString();
const meter = (minutesAgo: number) => ({ ts: reading(minutesAgo), productionKwh: 0.1, consumptionKwh: 0.3, gridImportKwh: 0.2, gridExportKwh: 0 });

/** Whether the embedded broker lets this login in. */
async function mqttLogin(username: string, password: string): Promise<'connected' | 'refused'> {
  const client = mqtt.connect(broker.url, { username, password, reconnectPeriod: 0, protocolVersion: 4, connectTimeout: 5_000 });
  const outcome = await new Promise<'connected' | 'refused'>((resolve) => {
    client.once('connect', () => resolve('connected'));
    client.once('error', () => resolve('refused'));
    client.once('close', () => resolve('refused'));
  });
  client.end(true);
  return outcome;
}

/** One pass of a durable worker: webhook fan-outs, then their deliveries. */
async function runWebhookJobs() {
  const worker = startDurableWorker({
    db: t.database.db,
    handlers: webhookJobHandlers({ retryDelaysSeconds: [60], timeoutMs: 2_000, allowPrivateNetworks: true }),
    logger: silent,
    clock,
  });
  try {
    await worker.runDue();
    await worker.runDue();
  } finally {
    await worker.stop();
  }
}

const deliveriesOf = async (userId: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id where w.user_id = ${userId}`))[0]!.n;

describe('DELETE /api/account revokes every key the member had', () => {
  let member: Member;
  let householdId: string;
  let plugId: string;
  let apiToken: string;
  let householdToken: string;
  let deviceToken: string;
  let programId: string;

  const schedule = async (hoursAhead: number) =>
    t.database.db.transaction((tx) =>
      scheduleEvent(
        tx,
        { programId, startsAt: new Date(nowMs + hoursAhead * 3_600_000).toISOString(), endsAt: new Date(nowMs + (hoursAhead + 1) * 3_600_000).toISOString(), rewardPoints: 100, targetPercent: 10 },
        member.userId,
        clock(),
      ),
    );

  beforeAll(async () => {
    const home = await memberWithHousehold(t);
    member = home.member;
    householdId = home.household.id;
    const paired = await call(asMember(member), 'POST', '/api/devices', { externalId: 'shellyplug-del-1', name: 'Kettle', kind: 'smart_plug' });
    expect(paired.status).toBe(201);
    plugId = (paired.body.device as { id: string }).id;
    deviceToken = (paired.body.credential as { token: string }).token;
    const ingestToken = await call(asMember(member), 'POST', '/api/household/ingest-tokens', { label: 'Gateway' });
    expect(ingestToken.status).toBe(201);
    householdToken = ingestToken.body.token as string;
    const created = await call(asMember(member), 'POST', '/api/member-api/tokens', { label: 'Home Assistant', scopes: ['usage:read', 'solar:read', 'plugs:control'] });
    expect(created.status).toBe(201);
    apiToken = created.body.token as string;
    const hook = await call(asMember(member), 'POST', '/api/member-api/webhooks', { url: hookUrl, events: ['event.scheduled', 'event.result', 'bill.issued'] });
    expect(hook.status).toBe(201);
    programId = await upsertProgram(t.database.db, { name: 'Deletion test program', provinces: ['ON', 'BC', 'AB', 'QC'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
  });

  it('every key works before the deletion (so the refusals after it are the deletion’s doing)', async () => {
    for (const path of ['/api/usage/summary', '/api/solar/summary', '/api/devices']) expect((await call(bearer(apiToken), 'GET', path)).status, path).toBe(200);
    const before = published.length;
    expect((await call(bearer(apiToken), 'POST', `/api/devices/${plugId}/switch`, { on: false })).status).toBe(504);
    expect(published.length).toBeGreaterThan(before);

    expect(await call(bearer(householdToken), 'POST', '/api/ingest/readings', { meter: [meter(60)] })).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(await call(bearer(deviceToken), 'POST', '/api/ingest/readings', { devices: [{ device: 'shellyplug-del-1', ts: reading(60), powerW: 900, energyKwh: 0.07 }] })).toMatchObject({
      status: 200,
      body: { accepted: 1 },
    });
    expect(await mqttLogin(householdId, householdToken)).toBe('connected');
    expect(await mqttLogin('shellyplug-del-1', deviceToken)).toBe('connected');
    const [stored] = await storeMqttMessages({ db: t.database.db, log: silent, now: clock() }, [{ topic: meterTopic(householdId), payload: Buffer.from(JSON.stringify(meter(55))), receivedAt: clock() }]);
    expect(stored!.outcome).toBe('stored');

    await schedule(2);
    await runWebhookJobs();
    expect(received).toHaveLength(1);
    expect(await deliveriesOf(member.userId)).toBe(1);
  });

  it('after it, each answers 401, the MQTT logins are refused, an external broker’s messages are refused and no webhook delivery is queued', async () => {
    // A delivery still waiting when the account goes must not be sent either.
    await schedule(4);
    expect((await call(asMember(member), 'DELETE', '/api/account', { confirmation: 'DELETE' })).status).toBe(204);
    const switchesBefore = published.length;

    for (const path of ['/api/usage/summary', '/api/solar/summary', '/api/devices']) {
      expect(await call(bearer(apiToken), 'GET', path), path).toMatchObject({ status: 401, body: { error: { code: 'invalid_token' } } });
    }
    expect(await call(bearer(apiToken), 'POST', `/api/devices/${plugId}/switch`, { on: true })).toMatchObject({ status: 401, body: { error: { code: 'invalid_token' } } });
    expect(published.length).toBe(switchesBefore);

    expect((await call(bearer(householdToken), 'POST', '/api/ingest/readings', { meter: [meter(50)] })).status).toBe(401);
    expect((await call(bearer(deviceToken), 'POST', '/api/ingest/readings', { devices: [{ device: 'shellyplug-del-1', ts: reading(50), powerW: 900, energyKwh: 0.07 }] })).status).toBe(401);
    expect(await mqttLogin(householdId, householdToken)).toBe('refused');
    expect(await mqttLogin('shellyplug-del-1', deviceToken)).toBe('refused');
    expect(await authenticateMqtt(t.database.db, householdId, Buffer.from(householdToken))).toBeNull();
    // On an external broker the logins are Mosquitto's own file: the server refuses what it forwards.
    const [refused] = await storeMqttMessages({ db: t.database.db, log: silent, now: clock() }, [{ topic: meterTopic(householdId), payload: Buffer.from(JSON.stringify(meter(45))), receivedAt: clock() }]);
    expect(refused!.outcome).toBe('refused');
    const readings = rowsOf<{ ts: string }>(await t.database.db.execute(sql`select ts::text from meter_readings where household_id = ${householdId}::uuid order by ts`));
    expect(readings).toHaveLength(2);

    await schedule(6);
    await runWebhookJobs();
    expect(received).toHaveLength(1);
    expect(await deliveriesOf(member.userId)).toBe(0);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from webhook_endpoints where user_id = ${member.userId}`))).toEqual([]);
  });
});
