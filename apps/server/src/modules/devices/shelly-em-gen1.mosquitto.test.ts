import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PairedDevice } from '@peakwise/contracts/device-management.contract';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { connectDynsecControl, type DynsecControl } from '../../ingest/dynsec-control';
import type { MqttIngest } from '../../ingest/mqtt-ingest';
import { brokerLoginJobHandlers } from '../../jobs/broker-login-jobs';
import { startDurableWorker, type DurableWorker } from '../../jobs/durable-worker';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createIngestLogin, startDynsecMosquitto, type DynsecMosquitto } from '../../test/dynsec-mosquitto';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startTestIngest } from '../../test/test-broker';
import { type Member } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { pairDevice } from './device-pairing.test-helper';

/*
 * A first-generation Shelly EM on a real Mosquitto whose logins Peakwise makes through the
 * dynamic security plugin (decision 097): the login the pairing screen shows, bound to the MQTT
 * id the meter is given (its client id), may publish only under shellies/<that id>/ (decision 107).
 */

const silent = createLogger({ level: 'silent' });
const ORIGIN = 'http://127.0.0.1:3000';
let mosquitto: DynsecMosquitto;
let database: Database;
let control: DynsecControl;
let ingest: MqttIngest;
let jobs: DurableWorker;
let t: TestApp;
const clients: MqttClient[] = [];

beforeAll(async () => {
  mosquitto = await startDynsecMosquitto();
  database = await createTestDatabase();
  control = connectDynsecControl({ url: mosquitto.url, ...mosquitto.admin, logger: silent });
  // The ingest workers' login, with the role docs/ingestion.md has the operator make, Gen1 meters included.
  const { service, shareGroup } = await createIngestLogin(control, { subscribe: ['peakwise/#', 'shellies/+/emeter/#'], publish: ['devices/+/command', 'meter/receipts', 'devices/+/receipts'] });
  const env = { PUBLIC_URL: ORIGIN, MQTT_URL: mosquitto.url, MQTT_DYNSEC_USERNAME: mosquitto.admin.username, MQTT_DYNSEC_PASSWORD: mosquitto.admin.password, AUTH_SECRET: randomBytes(24).toString('hex') };
  const config = loadConfig(env);
  ingest = await startTestIngest(database.db, { url: mosquitto.url, external: true, service, shareGroup, stop: async () => {} });
  jobs = startDurableWorker({ db: database.db, logger: silent, handlers: brokerLoginJobHandlers({ control, sealKey: config.mqttDynsec!.sealKey }) });
  t = await createTestApp({ database, env });
}, 90_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t?.close();
  await jobs?.stop();
  await ingest?.close();
  await control?.close();
  await database?.close();
  await mosquitto?.stop();
});

const connect = async (login: { username: string; password: string; clientId: string }) => {
  const client = await mqtt.connectAsync(mosquitto.url, { ...login, reconnectPeriod: 0, connectTimeout: 5_000 });
  clients.push(client);
  return client;
};

const pairGen1 = (member: Member): Promise<PairedDevice> => pairDevice(t, member, { name: 'Main panel', kind: 'power', family: 'shellyEmGen1', meterClamps: 2 }, ORIGIN);

const livePower = async (householdId: string) =>
  rowsOf<{ power_w: number }>(await database.db.execute(sql`select power_w from household_live_power where household_id = ${householdId}::uuid`))[0]?.power_w;
const channelCount = async (deviceId: string) =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from shelly_gen1_channels where device_id = ${deviceId}::uuid`))[0]!.n;

describe('a first-generation Shelly EM on Mosquitto', () => {
  it('logs in with the pairing screen’s user, password and MQTT id, and both legs make the home’s power', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pairGen1(home.member);
    const c = paired.credential;
    await jobs.runDue();

    // The firmware's client id is its MQTT id: the one shown, to which the login is bound.
    const meter = await connect({ username: c.mqttUsername, password: c.token, clientId: c.mqttClientId });
    await meter.publishAsync(`shellies/${c.mqttClientId}/emeter/0/power`, '903.5', { qos: 1 });
    await meter.publishAsync(`shellies/${c.mqttClientId}/emeter/1/power`, '420', { qos: 1 });
    // By hand: 903.5 + 420 = 1,323.5 W.
    await expect.poll(() => livePower(home.household.id), { timeout: 10_000 }).toBe(1323.5);
  });

  it('lets that login publish under no other id: another home’s meter and a wrong id reach nobody', async () => {
    const mine = await memberWithHousehold(t);
    const theirs = await memberWithHousehold(t);
    const a = await pairGen1(mine.member);
    const b = await pairGen1(theirs.member);
    await jobs.runDue();

    // The admin sees every topic: what it does not hear, nobody heard.
    const watcher = await connect({ ...mosquitto.admin, clientId: `watcher-${randomBytes(4).toString('hex')}` });
    const heard: string[] = [];
    watcher.on('message', (topic) => heard.push(topic));
    await watcher.subscribeAsync('shellies/#', { qos: 1 });

    const meter = await connect({ username: a.credential.mqttUsername, password: a.credential.token, clientId: a.credential.mqttClientId });
    const outside = [`shellies/${b.credential.mqttClientId}/emeter/0/power`, `shellies/${a.device.externalId}/emeter/0/power`, 'shellies/shellyem-B8A3F1/emeter/0/power'];
    for (const topic of outside) await meter.publishAsync(topic, '5000', { qos: 1 });
    const inside = `shellies/${a.credential.mqttClientId}/emeter/0/power`;
    await meter.publishAsync(inside, '75', { qos: 1 });
    await meter.publishAsync(`shellies/${a.credential.mqttClientId}/emeter/1/power`, '25', { qos: 1 });
    await expect.poll(() => livePower(mine.household.id), { timeout: 10_000 }).toBe(100);
    // One connection's messages arrive in order: once the last is heard, the others would have been.
    await expect.poll(() => heard.includes(`shellies/${a.credential.mqttClientId}/emeter/1/power`), { timeout: 5_000 }).toBe(true);
    expect(heard).toContain(inside);
    expect(heard.filter((topic) => outside.includes(topic))).toEqual([]);
    expect(await channelCount(b.device.id)).toBe(0);
    expect(await livePower(theirs.household.id)).toBeUndefined();

    // The same login under another client id is refused at CONNECT (decision 105).
    await expect(connect({ username: a.credential.mqttUsername, password: a.credential.token, clientId: b.credential.mqttClientId })).rejects.toThrow();
  });
});
