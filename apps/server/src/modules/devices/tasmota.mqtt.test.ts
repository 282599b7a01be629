import type { MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedDeviceSchema } from '@peakwise/contracts/device-management.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { mqttCommandPublisher } from '../../ingest/mqtt-command-publisher';
import type { MqttIngest } from '../../ingest/mqtt-ingest';
import { tasmotaFullTopic } from '../../telemetry/topics';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { connectDevice, startTestBroker, startTestIngest, type TestBroker } from '../../test/test-broker';
import { asMember } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';

/*
 * A Tasmota plug configured as the pairing screen says: Topic = its external id, Full Topic =
 * tasmotaFullTopic, User = its id, Password = its token. Tasmota fills %topic% and %prefix%
 * (cmnd / stat / tele) itself and subscribes to `<full topic with cmnd>/#`
 * (https://tasmota.github.io/docs/MQTT); the SENSOR body is the ENERGY block it sends every
 * TelePeriod, Total in kWh since TotalStartTime. Runs on the embedded broker, and on Mosquitto under
 * test:pg (TEST_MQTT_URL), except the refusal test, whose ACL is the embedded broker's.
 */

let database: Database;
let broker: TestBroker;
let worker: MqttIngest;
let t: TestApp;
const clients: MqttClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  broker = await startTestBroker(database.db);
  worker = await startTestIngest(database.db, broker);
  t = await createTestApp({ database, commands: mqttCommandPublisher(worker.connection), env: { PLUG_CONFIRM_TIMEOUT_MS: '3000' } });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
  await worker.close();
  await broker.stop();
  await database.close();
});

async function pairTasmota(externalId: string) {
  const home = await memberWithHousehold(t);
  const res = await t.app.request('/api/devices', {
    method: 'POST',
    headers: asMember(home.member),
    body: JSON.stringify({ externalId, name: 'Lamp', kind: 'smart_plug' }),
  });
  expect(res.status).toBe(201);
  const paired = pairedDeviceSchema.parse(await res.json());
  return { home, paired };
}

/** Connects as the plug, with the pairing's User and Password on the embedded broker. */
async function connectAs(paired: { credential: { mqttUsername: string; token: string } }, url = broker.url, external = broker.external) {
  const client = await connectDevice(url, external ? {} : { username: paired.credential.mqttUsername, password: paired.credential.token });
  clients.push(client);
  return client;
}

/** The topic Tasmota builds from the Full Topic: %topic% = Topic, %prefix% = cmnd / stat / tele. */
const fullTopic = (householdId: string, topic: string, prefix: 'cmnd' | 'stat' | 'tele', leaf: string) =>
  tasmotaFullTopic(householdId).replace('%topic%', topic).replace('%prefix%', prefix) + leaf;

const sensor = (power: number, totalKwh: number) =>
  JSON.stringify({
    Time: '2025-01-15T07:05:07',
    ENERGY: { TotalStartTime: '2024-11-02T10:11:12', Total: totalKwh, Yesterday: 0.41, Today: 0.12, Period: 1, Power: power, ApparentPower: 70, ReactivePower: 32, Factor: 0.89, Voltage: 120, Current: 0.52 },
  });

const deviceRows = async (deviceId: string) =>
  rowsOf<{ power_w: number | null; relay_on: boolean | null; metrics: Record<string, number> | null }>(
    await database.db.execute(sql`select power_w, relay_on, metrics from device_readings where device_id = ${deviceId}::uuid order by ts`),
  );
const deviceState = async (deviceId: string) =>
  rowsOf<{ relay_on: boolean | null; live_power_w: number | null }>(await database.db.execute(sql`select relay_on, live_power_w from devices where id = ${deviceId}::uuid`))[0]!;
const counterOf = async (deviceId: string) =>
  rowsOf<{ counter_kwh: number; ts: unknown }>(await database.db.execute(sql`select counter_kwh, ts from device_counters where device_id = ${deviceId}::uuid`))[0];

describe('a Tasmota plug over MQTT', () => {
  it('stores its tele/SENSOR: power and voltage in the interval, Total as the counter baseline, 62 W live', async () => {
    const { home, paired } = await pairTasmota('tasmota-lamp');
    // What the screen shows for the Full Topic field, written out by hand.
    expect(paired.credential.tasmotaFullTopic).toBe(`peakwise/${home.household.id}/tasmota/%topic%/%prefix%/`);
    expect(paired.credential.mqttUsername).toBe('tasmota-lamp');
    const plug = await connectAs(paired);
    const before = Date.now();
    await plug.publishAsync(fullTopic(home.household.id, 'tasmota-lamp', 'tele', 'SENSOR'), sensor(62, 1.234), { qos: 1 });

    await expect.poll(async () => (await deviceRows(paired.device.id)).length, { timeout: 5_000 }).toBe(1);
    const [row] = await deviceRows(paired.device.id);
    expect(row).toMatchObject({ power_w: 62, metrics: { voltage: 120, currentA: 0.52 } });
    const counter = await counterOf(paired.device.id);
    expect(counter?.counter_kwh).toBe(1.234);
    // Dated on arrival (Tasmota's Time has no zone), at the boundary before it.
    expect(new Date(counter!.ts as string).getTime()).toBe(Math.floor(before / INTERVAL_MS) * INTERVAL_MS);
    expect((await deviceState(paired.device.id)).live_power_w).toBe(62);
  });

  for (const form of ['RESULT', 'POWER'] as const) {
    it(`confirms a switch by its stat/${form} report (200), the relay then off`, async () => {
      const { home, paired } = await pairTasmota(`tasmota-${form.toLowerCase()}`);
      const id = `tasmota-${form.toLowerCase()}`;
      const hh = home.household.id;
      const plug = await connectAs(paired);
      const heard: { topic: string; payload: string }[] = [];
      const granted = await plug.subscribeAsync(`${tasmotaFullTopic(hh).replace('%topic%', id).replace('%prefix%', 'cmnd')}#`, { qos: 1 });
      expect(granted.map((g) => g.qos)).toEqual([1]);
      plug.on('message', (topic, payload) => {
        heard.push({ topic, payload: payload.toString() });
        if (topic !== fullTopic(hh, id, 'cmnd', 'POWER')) return;
        const word = payload.toString();
        // Tasmota answers a POWER command on both; each test's plug sends only one form.
        if (form === 'RESULT') void plug.publishAsync(fullTopic(hh, id, 'stat', 'RESULT'), JSON.stringify({ POWER: word }), { qos: 1 });
        else void plug.publishAsync(fullTopic(hh, id, 'stat', 'POWER'), word, { qos: 1 });
      });

      const res = await t.app.request(`/api/devices/${paired.device.id}/switch`, {
        method: 'POST',
        headers: { ...asMember(home.member), 'content-type': 'application/json' },
        body: JSON.stringify({ on: false }),
      });
      expect(res.status).toBe(200);
      expect(heard).toContainEqual({ topic: fullTopic(hh, id, 'cmnd', 'POWER'), payload: 'OFF' });
      expect((await deviceState(paired.device.id)).relay_on).toBe(false);
    });
  }
});

describe('the embedded broker keeps a Tasmota plug to its own household', () => {
  let own: TestBroker;
  let ownWorker: MqttIngest;
  beforeAll(async () => {
    own = await startTestBroker(database.db, { embedded: true });
    ownWorker = await startTestIngest(database.db, own);
  });
  afterAll(async () => {
    await ownWorker.close();
    await own.stop();
  });

  it('drops a message on another household’s Tasmota topic and refuses its cmnd/# subscription', async () => {
    const a = await pairTasmota('tasmota-a');
    const b = await pairTasmota('tasmota-b');
    const intruder = await connectAs(b.paired, own.url, false);
    await intruder.publishAsync(fullTopic(a.home.household.id, 'tasmota-a', 'tele', 'SENSOR'), sensor(999, 50), { qos: 1 });
    // A SUBACK of 128 (refused), which mqtt.js turns into an error.
    await expect(intruder.subscribeAsync(`${tasmotaFullTopic(a.home.household.id).replace('%topic%', 'tasmota-a').replace('%prefix%', 'cmnd')}#`, { qos: 1 })).rejects.toThrow(/Subscribe error/);

    // Its own report after the foreign one, on the same connection: once it is stored, the
    // foreign one (sent first) would have been too.
    await intruder.publishAsync(fullTopic(b.home.household.id, 'tasmota-b', 'tele', 'SENSOR'), sensor(40, 2), { qos: 1 });
    await expect.poll(async () => (await deviceRows(b.paired.device.id)).length, { timeout: 5_000 }).toBe(1);
    expect(await deviceRows(a.paired.device.id)).toEqual([]);
    expect(await counterOf(a.paired.device.id)).toBeUndefined();
    expect((await deviceState(a.paired.device.id)).live_power_w).toBeNull();
  });
});
