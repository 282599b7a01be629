import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { connectMqtt, type MqttConnection } from '../../ingest/mqtt-connection';
import { mqttCommandPublisher } from '../../ingest/mqtt-command-publisher';
import type { MqttIngest } from '../../ingest/mqtt-ingest';
import { deviceTopic, shellyTopicPrefix } from '../../telemetry/topics';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { connectDevice, startTestBroker, startTestIngest, type TestBroker } from '../../test/test-broker';
import { asMember } from '../../test/test-session';
import { devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import { dashboardSchema } from '@peakwise/contracts/energy.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { issueIngestCredential } from './ingest-credential.service';

const logger = createLogger({ level: 'silent' });
const CONFIRM_TIMEOUT_MS = 1_500;

let database: Database;
let broker: TestBroker;
let worker: MqttIngest;
let t: TestApp;
const plugs: MqttClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  broker = await startTestBroker(database.db);
  worker = await startTestIngest(database.db, broker);
  t = await createTestApp({ database, commands: mqttCommandPublisher(worker.connection), env: { PLUG_CONFIRM_TIMEOUT_MS: String(CONFIRM_TIMEOUT_MS) } });
});
afterAll(async () => {
  await Promise.all(plugs.map((p) => p.endAsync(true)));
  await t.close();
  await worker.close();
  await broker.stop();
  await database.close();
});

type Received = { topic: string; payload: unknown };

/** A plug on the household's login that hears both command topics and, if `answers`, reports the new state. */
async function fakePlug(householdId: string, externalId: string, answers: boolean) {
  const login = broker.external ? {} : { username: householdId, password: (await issueIngestCredential(database.db, householdId, null, 'plug')).token };
  const client = await connectDevice(broker.url, login);
  plugs.push(client);
  const received: Received[] = [];
  const commandTopic = deviceTopic(householdId, externalId, 'command');
  const rpcTopic = `${shellyTopicPrefix(householdId, externalId)}/rpc`;
  await client.subscribeAsync([commandTopic, rpcTopic], { qos: 1 });
  client.on('message', (topic, payload) => {
    const body = JSON.parse(payload.toString()) as { on?: boolean };
    received.push({ topic, payload: body });
    if (answers && topic === commandTopic) {
      void client.publishAsync(deviceTopic(householdId, externalId, 'state'), JSON.stringify({ on: body.on }), { qos: 1 });
    }
  });
  return { received, commandTopic, rpcTopic };
}

const switchEvents = async (deviceId: string) =>
  rowsOf<{ requested_by: string | null; requested_on: boolean; outcome: string; resolved_at: unknown }>(
    await database.db.execute(sql`select requested_by, requested_on, outcome, resolved_at from plug_switch_events where device_id = ${deviceId}::uuid`),
  );
const relayOf = async (deviceId: string) =>
  rowsOf<{ relay_on: boolean | null }>(await database.db.execute(sql`select relay_on from devices where id = ${deviceId}::uuid`))[0]!.relay_on;
const post = (path: string, cookie: string | null, body: unknown) =>
  t.app.request(path, { method: 'POST', headers: { ...(cookie ? asMember({ cookie }) : {}), 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /api/devices/:id/switch', () => {
  it('sends the command on both command topics, waits for the plug’s report and records who switched it', async () => {
    const home = await memberWithHousehold(t, { 'lamp-plug': 'smart_plug' });
    const device = home.devices['lamp-plug']!;
    const plug = await fakePlug(home.household.id, 'lamp-plug', true);

    const res = await post(`/api/devices/${device.id}/switch`, home.member.cookie, { on: false });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { deviceId: string; on: boolean; confirmedAt: string };
    expect(body).toMatchObject({ deviceId: device.id, on: false });
    expect(await relayOf(device.id)).toBe(false);

    expect(plug.received.find((m) => m.topic === plug.commandTopic)?.payload).toMatchObject({ on: false });
    expect(plug.received.find((m) => m.topic === plug.rpcTopic)?.payload).toMatchObject({ method: 'Switch.Set', params: { id: 0, on: false } });
    const events = await switchEvents(device.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ requested_by: home.member.userId, requested_on: false, outcome: 'confirmed' });
    expect(events[0]!.resolved_at).not.toBeNull();

    // And back on.
    expect((await post(`/api/devices/${device.id}/switch`, home.member.cookie, { on: true })).status).toBe(200);
    expect(await relayOf(device.id)).toBe(true);
    expect((await switchEvents(device.id)).map((e) => e.requested_on)).toEqual([false, true]);
  });

  it('refuses to switch off a never-switch plug, sending and recording nothing; switching it on is allowed', async () => {
    const home = await memberWithHousehold(t, { 'fridge-plug': 'smart_plug' });
    const device = home.devices['fridge-plug']!;
    await database.db.execute(sql`update devices set never_switch = true where id = ${device.id}::uuid`);
    const plug = await fakePlug(home.household.id, 'fridge-plug', true);

    const off = await post(`/api/devices/${device.id}/switch`, home.member.cookie, { on: false });
    expect(off.status).toBe(409);
    const error = ((await off.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('never_switch');
    expect(error.message).toContain('cannot be switched off remotely');
    expect(await switchEvents(device.id)).toEqual([]);

    expect((await post(`/api/devices/${device.id}/switch`, home.member.cookie, { on: true })).status).toBe(200);
    // Only the "on" command ever reached the plug.
    expect(plug.received.filter((m) => m.topic === plug.commandTopic).map((m) => (m.payload as { on: boolean }).on)).toEqual([true]);
  });

  it('refuses devices that are not smart plugs', async () => {
    const home = await memberWithHousehold(t, { 'heat-pump': 'power' });
    const res = await post(`/api/devices/${home.devices['heat-pump']!.id}/switch`, home.member.cookie, { on: false });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_switchable');
    expect(await switchEvents(home.devices['heat-pump']!.id)).toEqual([]);
  });

  it('answers 401 anonymous, 404 for another household’s plug or a malformed id, 400 for a bad body — and changes nothing', async () => {
    const a = await memberWithHousehold(t, { 'a-plug': 'smart_plug' });
    const b = await memberWithHousehold(t);
    const plug = await fakePlug(a.household.id, 'a-plug', true);
    const path = `/api/devices/${a.devices['a-plug']!.id}/switch`;

    expect((await post(path, null, { on: false })).status).toBe(401);
    const foreign = await post(path, b.member.cookie, { on: false });
    expect(foreign.status).toBe(404);
    const foreignText = await foreign.text();
    expect(foreignText).not.toContain('a-plug');
    // A malformed id is "no such device", not a database error.
    expect((await post('/api/devices/not-a-uuid/switch', a.member.cookie, { on: false })).status).toBe(404);
    expect((await post(path, a.member.cookie, { on: 'off' })).status).toBe(400);
    expect((await post(path, a.member.cookie, { on: false, force: true })).status).toBe(400);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(plug.received).toEqual([]);
    expect(await switchEvents(a.devices['a-plug']!.id)).toEqual([]);
  });

  it('reports a plug that never confirms as timed out, and records it as timed out, not as done', async () => {
    const home = await memberWithHousehold(t, { 'silent-plug': 'smart_plug' });
    const device = home.devices['silent-plug']!;
    await database.db.execute(sql`update devices set relay_on = true where id = ${device.id}::uuid`);
    const plug = await fakePlug(home.household.id, 'silent-plug', false);

    const started = Date.now();
    const res = await post(`/api/devices/${device.id}/switch`, home.member.cookie, { on: false });
    expect(res.status).toBe(504);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('plug_timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONFIRM_TIMEOUT_MS);
    expect(plug.received.some((m) => m.topic === plug.commandTopic)).toBe(true);
    expect(await relayOf(device.id)).toBe(true);
    expect((await switchEvents(device.id)).map((e) => e.outcome)).toEqual(['timed_out']);
  });
});

/**
 * A Shelly Gen2 plug with only "Generic status update over MQTT" on: it hears Switch.Set on
 * `<prefix>/rpc` and reports nothing on `events/rpc`, only its switch's full status on
 * `<prefix>/status/switch:0` (shapes from https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Mqtt
 * and https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Switch#status).
 */
async function fakeShellyStatusOnly(householdId: string, externalId: string) {
  const login = broker.external ? {} : { username: householdId, password: (await issueIngestCredential(database.db, householdId, null, 'shelly')).token };
  const client = await connectDevice(broker.url, login);
  plugs.push(client);
  const prefix = shellyTopicPrefix(householdId, externalId);
  const state = { output: true, apower: 1480, totalWh: 20_000 };
  const report = () => client.publishAsync(`${prefix}/status/switch:0`, JSON.stringify(switchStatus(state.output, state.apower, state.totalWh)), { qos: 1 });
  await client.subscribeAsync(`${prefix}/rpc`, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const frame = JSON.parse(payload.toString()) as { method: string; params: { id: number; on: boolean } };
    if (frame.method !== 'Switch.Set' || frame.params.id !== 0) return;
    state.output = frame.params.on;
    state.apower = frame.params.on ? 1480 : 0;
    void report();
  });
  return { report, state };
}

/** The full Switch status a Gen2 plug publishes (values of a 120 V kettle plug). */
function switchStatus(output: boolean, apower: number, totalWh: number) {
  return {
    id: 0,
    source: output ? 'MQTT' : 'button',
    output,
    apower,
    voltage: 121.4,
    freq: 60,
    current: Math.round((apower / 121.4) * 1000) / 1000,
    aenergy: { total: totalWh, by_minute: [0, 0, 0], minute_ts: Math.floor(Date.now() / 1000) },
    temperature: { tC: 31.2, tF: 88.2 },
  };
}

/** Waits, if need be, so the next couple of seconds stay inside one 5-minute interval. */
async function awayFromIntervalEnd(marginMs = 3_000) {
  const left = INTERVAL_MS - (Date.now() % INTERVAL_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a Shelly Gen2 plug reporting on status/switch:0 (issue 30)', () => {
  const get = async (path: string, cookie: string) => {
    const res = await t.app.request(path, { headers: asMember({ cookie }) });
    expect(res.status).toBe(200);
    return res.json();
  };

  it('confirms a switch from the plug’s own status report, with no events/rpc frame', async () => {
    const home = await memberWithHousehold(t, { 'kettle-plug': 'smart_plug' });
    const device = home.devices['kettle-plug']!;
    await fakeShellyStatusOnly(home.household.id, 'kettle-plug');

    const res = await post(`/api/devices/${device.id}/switch`, home.member.cookie, { on: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deviceId: device.id, on: false });
    expect(await relayOf(device.id)).toBe(false);
    expect((await switchEvents(device.id)).map((e) => e.outcome)).toEqual(['confirmed']);

    expect((await post(`/api/devices/${device.id}/switch`, home.member.cookie, { on: true })).status).toBe(200);
    expect(await relayOf(device.id)).toBe(true);
    expect((await switchEvents(device.id)).map((e) => e.outcome)).toEqual(['confirmed', 'confirmed']);
  });

  it('shows the newest report inside one interval: on at 1,480 W, then off at 0 W, reads off at 0 W; the interval keeps its first sample', async () => {
    const home = await memberWithHousehold(t, { 'kettle-plug': 'smart_plug' });
    const device = home.devices['kettle-plug']!;
    const plug = await fakeShellyStatusOnly(home.household.id, 'kettle-plug');
    const kettle = async () => {
      const overview = devicesOverviewSchema.parse(await get('/api/devices', home.member.cookie));
      return overview.devices.find((d) => d.id === device.id)!;
    };
    const dashboardKettle = async () => dashboardSchema.parse(await get('/api/dashboard', home.member.cookie)).activeDevices.find((d) => d.id === device.id);

    await awayFromIntervalEnd();
    await plug.report(); // on, 1,480 W, 20,000 Wh
    expect(await until(kettle, (d) => d.powerW === 1480)).toMatchObject({ relayOn: true, powerW: 1480, active: true });
    expect((await dashboardKettle())?.powerKw).toBe(1.48);

    // Switched off at the plug's button a few seconds later, same interval; the kettle drew 2 Wh meanwhile.
    Object.assign(plug.state, { output: false, apower: 0, totalWh: 20_002 });
    await plug.report();
    expect(await until(kettle, (d) => d.relayOn === false && d.powerW === 0)).toMatchObject({ relayOn: false, powerW: 0, active: false });
    expect(await dashboardKettle()).toBeUndefined();

    // The interval row still holds the first sample, and no energy was made up from the second:
    // the first counter is the baseline, and the next interval's total starts from it.
    const rows = rowsOf<{ power_w: number | null; energy_kwh: number | null; relay_on: boolean | null }>(
      await database.db.execute(sql`select power_w, energy_kwh, relay_on from device_readings where device_id = ${device.id}::uuid`),
    );
    expect(rows).toEqual([{ power_w: 1480, energy_kwh: null, relay_on: true }]);
  });
});

describe('POST /api/devices/:id/switch with the broker down', () => {
  let down: TestApp;
  let connection: MqttConnection;
  beforeAll(async () => {
    // A session to a port nothing listens on: the broker is unreachable.
    connection = connectMqtt({ url: 'mqtt://127.0.0.1:9', logger, clientId: `down-${randomBytes(3).toString('hex')}` });
    down = await createTestApp({ database, commands: mqttCommandPublisher(connection) });
  });
  afterAll(async () => {
    await down.close();
    await connection.close();
  });

  it('answers 503 with a clear message and records nothing', async () => {
    const home = await memberWithHousehold(down, { 'porch-plug': 'smart_plug' });
    const device = home.devices['porch-plug']!;
    const res = await down.app.request(`/api/devices/${device.id}/switch`, {
      method: 'POST',
      headers: { ...asMember(home.member), 'content-type': 'application/json' },
      body: JSON.stringify({ on: false }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: { code: 'plug_unreachable', message: 'The device service is not reachable right now. Nothing was switched; please try again.' },
    });
    expect(await switchEvents(device.id)).toEqual([]);
    expect(await relayOf(device.id)).toBeNull();
  });
});
