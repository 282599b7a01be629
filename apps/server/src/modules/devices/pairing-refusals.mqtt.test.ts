import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConnectionSchema, type DeviceConnection } from '@peakwise/contracts/device-connection.contract';
import { pairedDeviceSchema } from '@peakwise/contracts/device-management.contract';
import { devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import type { Database } from '../../db/client';
import { loadConfig } from '../../lib/config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startTestBroker, type TestBroker } from '../../test/test-broker';
import { asMember } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { deviceMqttAddress } from './device-mqtt-address';

/*
 * Issue 30's "what to check": the embedded broker records why it turned a pairing's credential
 * away, and GET /api/devices/{id}/connection says it. A real mqtt.js client logs in with what the
 * pairing answer shows, or with one thing wrong, as a member copying it by hand might.
 */

let database: Database;
let broker: TestBroker;
let t: TestApp;
const clients: MqttClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // The refusals under test are the embedded broker's (Mosquitto's ACL is its own configuration).
  broker = await startTestBroker(database.db, { embedded: true });
  const env = { PUBLIC_URL: 'http://127.0.0.1:3000' };
  t = await createTestApp({ database, env, deviceMqtt: deviceMqttAddress(loadConfig(env), { port: Number(new URL(broker.url).port), tlsPort: undefined }) });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
  await broker.stop();
  await database.close();
});

async function pair(member: Parameters<typeof asMember>[0], body: Record<string, unknown>) {
  return t.app.request('/api/devices', { method: 'POST', headers: asMember(member, { origin: 'http://127.0.0.1:3000' }), body: JSON.stringify(body) });
}

async function connection(member: Parameters<typeof asMember>[0], deviceId: string): Promise<{ status: number; body: DeviceConnection }> {
  const res = await t.app.request(`/api/devices/${deviceId}/connection`, { headers: asMember(member) });
  // A refused read has no connection to give: an empty one stands in, and the status says so.
  return { status: res.status, body: res.status === 200 ? deviceConnectionSchema.parse(await res.json()) : { lastSeenAt: null, refusal: null } };
}

function connect(c: { mqttHost: string; mqttPort: number; mqttClientId: string }, username: string, password: string) {
  return mqtt.connectAsync(`mqtt://${c.mqttHost}:${c.mqttPort}`, { clientId: c.mqttClientId, username, password, reconnectPeriod: 0, connectTimeout: 5_000 });
}

describe('pairing without a device id', () => {
  it('gives the plug an id of its own that the login, client id and prefix all use, and which fits a Tasmota', async () => {
    const home = await memberWithHousehold(t);
    const res = await pair(home.member, { name: 'Smart plug', kind: 'smart_plug', family: 'shellyPlug' });
    expect(res.status).toBe(201);
    const paired = pairedDeviceSchema.parse(await res.json());
    const id = paired.device.externalId;
    expect(id).toMatch(/^plug-[0-9a-f]{10}$/);
    expect(paired.credential.mqttUsername).toBe(id);
    expect(paired.credential.mqttClientId).toBe(`${id}-${home.household.id.slice(0, 8)}`);
    expect(paired.credential.shellyMqttPrefix).toBe(`peakwise/${home.household.id}/shelly/${id}`);
    expect(paired.credential.mqttClientId.length).toBeLessThanOrEqual(32);

    // Two plugs paired so: two ids, both live.
    const second = pairedDeviceSchema.parse(await (await pair(home.member, { name: 'Smart plug', kind: 'smart_plug' })).json());
    expect(second.device.externalId).not.toBe(id);
  });
});

describe('Tasmota: Topic and Client hold at most 32 characters', () => {
  it('refuses at pairing a Tasmota id that would not fit, with a clear 400, pairing nothing; 23 characters pair', async () => {
    const home = await memberWithHousehold(t);
    const before = devicesOverviewSchema.parse(await (await t.app.request('/api/devices', { headers: asMember(home.member) })).json()).devices.length;
    const long = 'tasmota-' + 'a'.repeat(16); // 24 characters: the Client would be 33
    const refused = await pair(home.member, { externalId: long, name: 'Lamp', kind: 'smart_plug', family: 'tasmota' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'device_id_too_long_for_tasmota', message: expect.stringContaining('32 characters') } });
    const after = devicesOverviewSchema.parse(await (await t.app.request('/api/devices', { headers: asMember(home.member) })).json()).devices.length;
    expect(after).toBe(before);

    const fits = await pair(home.member, { externalId: long.slice(0, 23), name: 'Lamp', kind: 'smart_plug', family: 'tasmota' });
    expect(fits.status).toBe(201);
    const paired = pairedDeviceSchema.parse(await fits.json());
    expect(paired.credential.mqttClientId).toHaveLength(32);
    // The same long id for a Shelly, whose fields are longer, is not refused.
    expect((await pair(home.member, { externalId: long, name: 'Kettle', kind: 'smart_plug', family: 'shellyPlug' })).status).toBe(201);
  });
});

describe('the broker’s refusals, per credential, as the pairing screen reads them', () => {
  it('a wrong password: the login is refused and the device’s connection says why; nothing before', async () => {
    const home = await memberWithHousehold(t);
    const paired = pairedDeviceSchema.parse(await (await pair(home.member, { externalId: 'shellyplugus-0a1b2c', name: 'Kettle', kind: 'smart_plug' })).json());
    const c = paired.credential;
    expect((await connection(home.member, paired.device.id)).body).toEqual({ lastSeenAt: null, refusal: null });

    const before = Date.now();
    await expect(connect(c, c.mqttUsername, `${c.token.slice(0, -1)}x`)).rejects.toThrow();
    await expect.poll(async () => (await connection(home.member, paired.device.id)).body.refusal?.reason, { timeout: 5_000 }).toBe('wrong_password');
    const { body } = await connection(home.member, paired.device.id);
    expect(body.refusal?.topic).toBeNull();
    expect(new Date(body.refusal!.at).getTime()).toBeGreaterThanOrEqual(before - 1_000);

    // The right token under a username that is not this device's.
    await expect(connect(c, 'shellyplugus-ffffff', c.token)).rejects.toThrow();
    await expect.poll(async () => (await connection(home.member, paired.device.id)).body.refusal?.reason, { timeout: 5_000 }).toBe('wrong_username');
  });

  it('a wrong password under this device’s id, sent with another household’s client id, marks nothing here', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const mine = pairedDeviceSchema.parse(await (await pair(home.member, { externalId: 'shellyplugus-mine', name: 'Kettle', kind: 'smart_plug' })).json());
    const theirs = pairedDeviceSchema.parse(await (await pair(other.member, { externalId: 'shellyplugus-theirs', name: 'Fan', kind: 'smart_plug' })).json());
    // Their plug, misconfigured with this home's device id as its User and a wrong password.
    await expect(connect(theirs.credential, 'shellyplugus-mine', 'pwi_wrong')).rejects.toThrow();
    // The same mistake with their own id is recorded on theirs, which shows the refusal was seen.
    await expect(connect(theirs.credential, 'shellyplugus-theirs', 'pwi_wrong')).rejects.toThrow();
    await expect.poll(async () => (await connection(other.member, theirs.device.id)).body.refusal?.reason, { timeout: 5_000 }).toBe('wrong_password');
    expect((await connection(home.member, mine.device.id)).body.refusal).toBeNull();
    // And a member cannot read another household's device's connection.
    expect((await connection(home.member, theirs.device.id)).status).toBe(404);
    expect((await connection(home.member, 'not-a-uuid')).status).toBe(404);
  });

  it('a publish on the firmware’s default topics, or outside the household’s tree, is dropped and its reason recorded with the topic', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const paired = pairedDeviceSchema.parse(await (await pair(home.member, { externalId: 'shellyplugus-d4e5f6', name: 'Kettle', kind: 'smart_plug' })).json());
    const c = paired.credential;
    const plug = await connect(c, c.mqttUsername, c.token);
    clients.push(plug);
    const status = JSON.stringify({ id: 0, source: 'init', output: true, apower: 62.0 });

    // The MQTT prefix left at the Shelly's default, its device id.
    await plug.publishAsync('shellyplugus-d4e5f6/status/switch:0', status, { qos: 1 });
    await expect.poll(async () => (await connection(home.member, paired.device.id)).body.refusal, { timeout: 5_000 }).toMatchObject({ reason: 'vendor_default_topic', topic: 'shellyplugus-d4e5f6/status/switch:0' });

    const elsewhere = `peakwise/${other.household.id}/shelly/shellyplugus-d4e5f6/status/switch:0`;
    await plug.publishAsync(elsewhere, status, { qos: 1 });
    await expect.poll(async () => (await connection(home.member, paired.device.id)).body.refusal, { timeout: 5_000 }).toMatchObject({ reason: 'outside_household', topic: elsewhere });

    // Nothing of either was stored: the device has still not been seen.
    expect((await connection(home.member, paired.device.id)).body.lastSeenAt).toBeNull();

    // A subscription the rule does not grant.
    // (mqtt.js rejects a SUBACK of 128: the broker said no.)
    await expect(plug.subscribeAsync(`peakwise/${home.household.id}/meter/receipts`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect.poll(async () => (await connection(home.member, paired.device.id)).body.refusal?.reason, { timeout: 5_000 }).toBe('subscription_refused');
  });
});
