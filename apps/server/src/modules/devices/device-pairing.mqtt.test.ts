import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import { pairedDeviceSchema } from '@peakwise/contracts/device-management.contract';
import type { Database } from '../../db/client';
import type { MqttIngest } from '../../ingest/mqtt-ingest';
import { loadConfig } from '../../lib/config';
import type { DeviceNotification } from '../../lib/notify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startTestBroker, startTestIngest, type TestBroker } from '../../test/test-broker';
import { asMember } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { createLiveHub, type LiveHub } from '../live/live-hub';
import { deviceMqttAddress } from './device-mqtt-address';

let database: Database;
let broker: TestBroker;
let worker: MqttIngest;
let hub: LiveHub;
let t: TestApp;
let plug: MqttClient | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  // The token login and topic rules under test are the embedded broker's (an external one has its own).
  broker = await startTestBroker(database.db, { embedded: true });
  worker = await startTestIngest(database.db, broker);
  hub = createLiveHub(database);
  const env = { PUBLIC_URL: 'http://127.0.0.1:3000' };
  // As main.ts computes it: the embedded broker's bound port at PUBLIC_URL's host.
  t = await createTestApp({ database, env, deviceMqtt: deviceMqttAddress(loadConfig(env), { port: Number(new URL(broker.url).port), tlsPort: undefined }) });
});
afterAll(async () => {
  await plug?.endAsync(true);
  await t.close();
  await hub.close();
  await worker.close();
  await broker.stop();
  await database.close();
});

describe('pairing a Shelly Gen2 plug with the values the pairing screen shows', () => {
  it('connects with them, publishes its switch status, and the device reads 62 W, announced live once', async () => {
    const home = await memberWithHousehold(t);
    const res = await t.app.request('/api/devices', {
      method: 'POST',
      headers: asMember(home.member, { origin: 'http://127.0.0.1:3000' }),
      body: JSON.stringify({ externalId: 'shellyplugus-a1b2c3', name: 'Kettle', kind: 'smart_plug' }),
    });
    expect(res.status).toBe(201);
    const paired = pairedDeviceSchema.parse(await res.json());
    const c = paired.credential;
    expect(c.httpEndpoint).toBe('http://127.0.0.1:3000/api/ingest/readings');

    const heard: DeviceNotification[] = [];
    const stop = await hub.subscribe(home.household.id, (event) => {
      if (event.event === 'device') heard.push(event.data);
    });

    // Exactly what the screen tells the member to type into the plug's Settings → MQTT.
    plug = await mqtt.connectAsync(`${c.mqttTls ? 'mqtts' : 'mqtt'}://${c.mqttHost}:${c.mqttPort}`, {
      clientId: c.mqttClientId,
      username: c.mqttUsername,
      password: c.token,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    const status = { id: 0, source: 'init', output: true, apower: 62.0, voltage: 120.1, current: 0.52, aenergy: { total: 1.0, by_minute: [0, 0, 0], minute_ts: 1_768_496_400 }, temperature: { tC: 31.2, tF: 88.2 } };
    await plug.publishAsync(`${c.shellyMqttPrefix}/status/switch:0`, JSON.stringify(status), { qos: 1 });
    const overview = async () => {
      const r = await t.app.request('/api/devices', { headers: asMember(home.member) });
      return devicesOverviewSchema.parse(await r.json()).devices.find((d) => d.id === paired.device.id);
    };
    await expect.poll(async () => (await overview())?.powerW, { timeout: 5_000 }).toBe(62);
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);
    expect(heard[0]).toMatchObject({ householdId: home.household.id, deviceId: paired.device.id, powerW: 62 });

    // A later sample is not a first message: the device moves on, nothing more is announced.
    await plug.publishAsync(`${c.shellyMqttPrefix}/status/switch:0`, JSON.stringify({ ...status, apower: 64.0 }), { qos: 1 });
    await expect.poll(async () => (await overview())?.powerW, { timeout: 5_000 }).toBe(64);
    expect(heard).toHaveLength(1);
    stop();
  });
});
