import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConnectionSchema } from '@peakwise/contracts/device-connection.contract';
import { devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import { pairedDeviceSchema, type PairedDevice } from '@peakwise/contracts/device-management.contract';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { connectDynsecControl, type DynsecControl } from '../../ingest/dynsec-control';
import { watchMosquittoLogins } from '../../ingest/mosquitto-login-log';
import type { MqttIngest } from '../../ingest/mqtt-ingest';
import { brokerLoginJobHandlers } from '../../jobs/broker-login-jobs';
import { startDurableWorker, type DurableWorker } from '../../jobs/durable-worker';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createIngestLogin, startDynsecMosquitto, type DynsecMosquitto } from '../../test/dynsec-mosquitto';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startTestIngest } from '../../test/test-broker';
import { asMember, type Member } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { recordMosquittoLogin, scheduleBrokerLoginCheck } from './broker-logins.service';
import { pairDevice } from './device-pairing.test-helper';

/*
 * Paired devices and household tokens log in to a real Mosquitto whose logins the server manages
 * through the dynamic security plugin (decision 097): the test's own broker, with no anonymous
 * access, so every connection here is a login the jobs created.
 */

const silent = createLogger({ level: 'silent' });
const ORIGIN = 'http://127.0.0.1:3000';
let mosquitto: DynsecMosquitto;
let database: Database;
let control: DynsecControl;
let ingest: MqttIngest;
let jobs: DurableWorker;
let t: TestApp;
let loginLog: { subscribed: Promise<void>; close(): Promise<void> };
const clients: MqttClient[] = [];

beforeAll(async () => {
  mosquitto = await startDynsecMosquitto();
  database = await createTestDatabase();
  control = connectDynsecControl({ url: mosquitto.url, ...mosquitto.admin, logger: silent });
  // The server's own login, with the role docs/ingestion.md has the operator make.
  const { service, shareGroup } = await createIngestLogin(control, {
    subscribe: ['peakwise/#'],
    publish: ['devices/+/command', 'shelly/+/rpc', 'tasmota/+/cmnd/POWER', 'meter/receipts', 'devices/+/receipts'],
  });
  const env = { PUBLIC_URL: ORIGIN, MQTT_URL: mosquitto.url, MQTT_DYNSEC_USERNAME: mosquitto.admin.username, MQTT_DYNSEC_PASSWORD: mosquitto.admin.password, AUTH_SECRET: randomBytes(24).toString('hex') };
  const config = loadConfig(env);
  ingest = await startTestIngest(database.db, { url: mosquitto.url, external: true, service, shareGroup, stop: async () => {} });
  jobs = startDurableWorker({ db: database.db, logger: silent, handlers: brokerLoginJobHandlers({ control, sealKey: config.mqttDynsec!.sealKey }) });
  t = await createTestApp({ database, env });
  loginLog = watchMosquittoLogins({ url: mosquitto.url, ...mosquitto.admin, logger: silent, onLogin: (login) => recordMosquittoLogin(database.db, login) });
  await loginLog.subscribed;
}, 90_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t?.close();
  await jobs?.stop();
  await loginLog?.close();
  await ingest?.close();
  await control?.close();
  await database?.close();
  await mosquitto?.stop();
});

const connect = async (login: { username: string; password: string; clientId?: string }) => {
  const client = await mqtt.connectAsync(mosquitto.url, { clientId: login.clientId ?? `test-${randomBytes(4).toString('hex')}`, username: login.username, password: login.password, reconnectPeriod: 0, connectTimeout: 5_000 });
  clients.push(client);
  return client;
};
/** 'refused' when Mosquitto answers the CONNECT with a refusal. */
const tryLogin = async (username: string, password: string, clientId?: string) => {
  try {
    const client = await connect({ username, password, ...(clientId !== undefined ? { clientId } : {}) });
    await client.endAsync(true);
    return 'connected';
  } catch {
    return 'refused';
  }
};

const pair = (member: Member, externalId: string): Promise<PairedDevice> => pairDevice(t, member, { externalId, name: 'Kettle', kind: 'smart_plug' }, ORIGIN);

const jobPayloads = async (name: string) =>
  rowsOf<{ key: string; status: string; payload: Record<string, unknown> }>(await database.db.execute(sql`select key, status, payload from durable_jobs where name = ${name} order by created_at`));

const credentialIdOf = async (deviceId: string) =>
  rowsOf<{ id: string }>(await database.db.execute(sql`select id from ingest_credentials where device_id = ${deviceId}::uuid`))[0]?.id;

const shellyStatus = (powerW: number) => JSON.stringify({ id: 0, source: 'timer', output: true, apower: powerW, voltage: 120.1, current: 0.52, aenergy: { total: 1.0, by_minute: [0, 0, 0], minute_ts: 1_768_496_400 } });

describe('a plug paired while Peakwise manages Mosquitto’s logins', () => {
  it('logs in with exactly what the pairing screen shows, and its Shelly Gen2 status is stored', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pair(home.member, 'shellyplugus-dyn001');
    const c = paired.credential;

    // Waiting for the worker: the token is in the job, sealed, not in clear.
    const [queued] = await jobPayloads('broker-login.create');
    expect(queued).toMatchObject({ status: 'queued', payload: { username: 'shellyplugus-dyn001', householdId: home.household.id } });
    expect(JSON.stringify(queued!.payload)).not.toContain(c.token.slice(4));
    expect(await tryLogin(c.mqttUsername, c.token, c.mqttClientId)).toBe('refused');

    expect(await jobs.runDue()).toBe(1);
    const [done] = await jobPayloads('broker-login.create');
    expect(done!.status).toBe('done');
    expect(done!.payload).not.toHaveProperty('sealedPassword');

    const plug = await connect({ username: c.mqttUsername, password: c.token, clientId: c.mqttClientId });
    await plug.publishAsync(`${c.shellyMqttPrefix}/status/switch:0`, shellyStatus(62), { qos: 1 });
    const overview = async () => {
      const r = await t.app.request('/api/devices', { headers: asMember(home.member) });
      return devicesOverviewSchema.parse(await r.json()).devices.find((d) => d.id === paired.device.id);
    };
    await expect.poll(async () => (await overview())?.powerW, { timeout: 10_000 }).toBe(62);
  });

  it('is kept to its own subtree: a publish outside it reaches nobody, a subscription outside it is refused, a wrong password is refused', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const c = (await pair(home.member, 'shellyplugus-dyn002')).credential;
    await jobs.runDue();

    // The admin sees every topic: what it does not hear, nobody heard.
    const watcher = await connect(mosquitto.admin);
    const heard: string[] = [];
    watcher.on('message', (topic) => heard.push(topic));
    await watcher.subscribeAsync('peakwise/#', { qos: 1 });

    const plug = await connect({ username: c.mqttUsername, password: c.token, clientId: c.mqttClientId });
    const outside = [`peakwise/${other.household.id}/shelly/shellyplugus-dyn002/status/switch:0`, `peakwise/${home.household.id}/meter`, `peakwise/${home.household.id}/shelly/sibling/status/switch:0`];
    for (const topic of outside) await plug.publishAsync(topic, shellyStatus(5), { qos: 1 });
    const inside = `${c.shellyMqttPrefix}/status/switch:0`;
    await plug.publishAsync(inside, shellyStatus(40), { qos: 1 });
    // Messages of one connection arrive in order: once the last is heard, the others would have been.
    await expect.poll(() => heard.includes(inside), { timeout: 5_000 }).toBe(true);
    expect(heard.filter((topic) => outside.includes(topic))).toEqual([]);

    const granted = async (filter: string) => (await plug.subscribeAsync(filter, { qos: 1 }).then((g) => g[0]?.qos ?? 128).catch(() => 128)) !== 128;
    expect(await granted(`${c.shellyMqttPrefix}/rpc`)).toBe(true);
    expect(await granted(`peakwise/${home.household.id}/devices/+/command`)).toBe(false);
    expect(await granted(`peakwise/${home.household.id}/#`)).toBe(false);

    expect(await tryLogin(c.mqttUsername, `${c.token.slice(0, -1)}x`, c.mqttClientId)).toBe('refused');
    expect(await tryLogin('shellyplugus-dyn003', c.token, c.mqttClientId)).toBe('refused');
  });

  it('stops logging in once removed, and a plug removed before its login was made never gets one', async () => {
    const home = await memberWithHousehold(t);
    const kept = await pair(home.member, 'shellyplugus-dyn004');
    await jobs.runDue();
    expect(await tryLogin(kept.credential.mqttUsername, kept.credential.token, kept.credential.mqttClientId)).toBe('connected');

    const early = await pair(home.member, 'shellyplugus-dyn005');
    for (const id of [kept.device.id, early.device.id]) {
      expect((await t.app.request(`/api/devices/${id}`, { method: 'DELETE', headers: asMember(home.member, { origin: ORIGIN }) })).status).toBe(204);
    }
    expect(await jobs.runDue()).toBe(3);
    expect(await tryLogin(kept.credential.mqttUsername, kept.credential.token, kept.credential.mqttClientId)).toBe('refused');
    expect(await tryLogin(early.credential.mqttUsername, early.credential.token, early.credential.mqttClientId)).toBe('refused');

    // Paired again (here, with a new token): the new login works, the old token does not.
    const again = await pair(home.member, 'shellyplugus-dyn004');
    await jobs.runDue();
    expect(await tryLogin(again.credential.mqttUsername, again.credential.token, again.credential.mqttClientId)).toBe('connected');
    expect(await tryLogin(again.credential.mqttUsername, kept.credential.token, again.credential.mqttClientId)).toBe('refused');
  });
  it('is one login in one place: a second device with the same settings under another client id is refused, the first keeps reporting', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pair(home.member, 'shellyplugus-dyn010');
    const c = paired.credential;
    await jobs.runDue();
    const first = await connect({ username: c.mqttUsername, password: c.token, clientId: c.mqttClientId });
    const closed: string[] = [];
    first.on('close', () => closed.push('first'));

    // The same username and password from a second client: Mosquitto refuses it at CONNECT.
    expect(await tryLogin(c.mqttUsername, c.token, `${c.mqttClientId}-2`)).toBe('refused');
    expect(await tryLogin(c.mqttUsername, c.token, 'shelly-second')).toBe('refused');
    expect(first.connected).toBe(true);
    await first.publishAsync(`${c.shellyMqttPrefix}/status/switch:0`, shellyStatus(73), { qos: 1 });
    const overview = async () => {
      const r = await t.app.request('/api/devices', { headers: asMember(home.member) });
      return devicesOverviewSchema.parse(await r.json()).devices.find((d) => d.id === paired.device.id);
    };
    await expect.poll(async () => (await overview())?.powerW, { timeout: 10_000 }).toBe(73);
    expect(closed).toEqual([]);

    // The shown client id again is the device itself reconnecting: MQTT lets it take the session over.
    const again = await connect({ username: c.mqttUsername, password: c.token, clientId: c.mqttClientId });
    expect(again.connected).toBe(true);
    await expect.poll(() => closed, { timeout: 5_000 }).toEqual(['first']);
  });

  it('tells a right password on a wrong topic from Mosquitto’s log: logged in, nothing arrived; then connected once the topic is right', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pair(home.member, 'shellyplugus-dyn011');
    const c = paired.credential;
    await jobs.runDue();
    const connection = async () => deviceConnectionSchema.parse(await (await t.app.request(`/api/devices/${paired.device.id}/connection`, { headers: asMember(home.member) })).json());
    expect(await connection()).toEqual({ lastSeenAt: null, refusal: null });

    // A refused login is not in Mosquitto's log under any name: nothing can be recorded for it.
    expect(await tryLogin(c.mqttUsername, `${c.token.slice(0, -1)}x`, c.mqttClientId)).toBe('refused');
    // The prefix left as shipped: Mosquitto drops the publish without a word.
    const plug = await connect({ username: c.mqttUsername, password: c.token, clientId: c.mqttClientId });
    await plug.publishAsync('shellyplugus-dyn011/status/switch:0', shellyStatus(55), { qos: 1 });
    await expect.poll(async () => (await connection()).refusal?.reason, { timeout: 10_000 }).toBe('logged_in_nothing_arrived');
    expect((await connection()).lastSeenAt).toBeNull();

    await plug.publishAsync(`${c.shellyMqttPrefix}/status/switch:0`, shellyStatus(55), { qos: 1 });
    await expect.poll(async () => (await connection()).lastSeenAt, { timeout: 10_000 }).not.toBeNull();
    expect((await connection()).refusal).toBeNull();
  });

  it('takes a new password shown again on Devices: the old one is refused, the new one logs in', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pair(home.member, 'shellyplugus-dyn009');
    await jobs.runDue();
    expect(await tryLogin(paired.credential.mqttUsername, paired.credential.token, paired.credential.mqttClientId)).toBe('connected');
    const res = await t.app.request(`/api/devices/${paired.device.id}/credential`, { method: 'POST', headers: asMember(home.member, { origin: ORIGIN }) });
    expect(res.status).toBe(201);
    const renewed = pairedDeviceSchema.parse(await res.json());
    // The old login's deletion and the new login's creation, both for the same username.
    expect(await jobs.runDue()).toBe(2);
    expect(await tryLogin(renewed.credential.mqttUsername, paired.credential.token, renewed.credential.mqttClientId)).toBe('refused');
    expect(await tryLogin(renewed.credential.mqttUsername, renewed.credential.token, renewed.credential.mqttClientId)).toBe('connected');
  });

  it('moves to the home that pairs it next, even when the new login is made before the old one is deleted', async () => {
    const first = await memberWithHousehold(t);
    const second = await memberWithHousehold(t);
    const old = await pair(first.member, 'shellyplugus-dyn007');
    await jobs.runDue();
    expect((await t.app.request(`/api/devices/${old.device.id}`, { method: 'DELETE', headers: asMember(first.member, { origin: ORIGIN }) })).status).toBe(204);
    const moved = await pair(second.member, 'shellyplugus-dyn007');
    // The harder order: the new home's create runs first (the client exists), then the old delete.
    await database.db.execute(sql`update durable_jobs set run_at = run_at + interval '1 second' where key = ${`broker-login:delete:${(await credentialIdOf(old.device.id))!}`}`);
    expect(await jobs.runDue()).toBe(2);

    expect(await tryLogin(moved.credential.mqttUsername, old.credential.token, moved.credential.mqttClientId)).toBe('refused');
    const plug = await connect({ username: moved.credential.mqttUsername, password: moved.credential.token, clientId: moved.credential.mqttClientId });
    const granted = async (filter: string) => (await plug.subscribeAsync(filter, { qos: 1 }).then((g) => g[0]?.qos ?? 128).catch(() => 128)) !== 128;
    expect(await granted(`${moved.credential.shellyMqttPrefix}/rpc`)).toBe(true);
    expect(await granted(`${old.credential.shellyMqttPrefix}/rpc`)).toBe(false);

    // And back, in the other order: the old login's deletion runs first, the new one is made after.
    expect((await t.app.request(`/api/devices/${moved.device.id}`, { method: 'DELETE', headers: asMember(second.member, { origin: ORIGIN }) })).status).toBe(204);
    const back = await pair(first.member, 'shellyplugus-dyn007');
    await database.db.execute(sql`update durable_jobs set run_at = run_at + interval '1 second' where key = ${`broker-login:create:${(await credentialIdOf(back.device.id))!}`}`);
    expect(await jobs.runDue()).toBe(2);
    expect(await tryLogin(back.credential.mqttUsername, moved.credential.token, back.credential.mqttClientId)).toBe('refused');
    expect(await tryLogin(back.credential.mqttUsername, back.credential.token, back.credential.mqttClientId)).toBe('connected');
    // Every role Peakwise made for the three pairings is gone but the live one's.
    const roles = await control.run([{ command: 'listRoles' }]);
    const ours = ((roles[0]?.data as { roles?: string[] }).roles ?? []).filter((r) => r.startsWith('peakwise-') && r !== 'peakwise-server');
    const ids = await Promise.all([old, moved, back].map((p) => credentialIdOf(p.device.id)));
    expect(ours.filter((r) => ids.some((id) => r === `peakwise-${id}`))).toEqual([`peakwise-${ids[2]}`]);
  });
});

describe('a household token', () => {
  it('logs in as its own id, and every login of the account is refused once the account is deleted', async () => {
    const home = await memberWithHousehold(t);
    const res = await t.app.request('/api/household/ingest-tokens', { method: 'POST', headers: asMember(home.member, { origin: ORIGIN }), body: JSON.stringify({ label: 'Gateway' }) });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; token: string; mqttUsername: string; mqttMeterTopic: string };
    expect(created.mqttUsername).toBe(created.id);
    const revoked = (await (await t.app.request('/api/household/ingest-tokens', { method: 'POST', headers: asMember(home.member, { origin: ORIGIN }), body: JSON.stringify({ label: 'Old gateway' }) })).json()) as { id: string; token: string };
    const plug = (await pair(home.member, 'shellyplugus-dyn006')).credential;
    await jobs.runDue();

    const gateway = await connect({ username: created.mqttUsername, password: created.token });
    expect(await gateway.subscribeAsync(`peakwise/${home.household.id}/devices/+/command`, { qos: 1 }).then((g) => g[0]?.qos)).toBe(1);
    await gateway.endAsync(true);
    expect(await tryLogin(plug.mqttUsername, plug.token, plug.mqttClientId)).toBe('connected');
    expect(await tryLogin(revoked.id, revoked.token)).toBe('connected');
    expect((await t.app.request(`/api/household/ingest-tokens/${revoked.id}`, { method: 'DELETE', headers: asMember(home.member, { origin: ORIGIN }) })).status).toBe(204);
    expect(await jobs.runDue()).toBe(1);
    expect(await tryLogin(revoked.id, revoked.token)).toBe('refused');
    expect(await tryLogin(created.mqttUsername, created.token)).toBe('connected');

    const deleted = await t.app.request('/api/account', { method: 'DELETE', headers: asMember(home.member, { origin: ORIGIN }), body: JSON.stringify({ confirmation: 'DELETE' }) });
    expect(deleted.status).toBe(204);
    expect(await jobs.runDue()).toBe(2);
    expect(await tryLogin(created.mqttUsername, created.token)).toBe('refused');
    expect(await tryLogin(plug.mqttUsername, plug.token, plug.mqttClientId)).toBe('refused');
  });
});

describe('the daily check of Mosquitto’s logins against the credentials', () => {
  const credentialState = async (deviceId: string) =>
    rowsOf<{ missing: string | null; jobStatus: string | null; attempts: number | null }>(
      await database.db.execute(sql`
        select c.broker_login_missing_at::text as missing, j.status as "jobStatus", j.attempts
        from ingest_credentials c left join durable_jobs j on j.key = 'broker-login:create:' || c.id
        where c.device_id = ${deviceId}::uuid and c.revoked_at is null`),
    )[0];
  const needsNewPassword = async (member: Member, deviceId: string) => {
    const r = await t.app.request('/api/devices', { headers: asMember(member) });
    return devicesOverviewSchema.parse(await r.json()).devices.find((d) => d.id === deviceId)?.needsNewPassword;
  };
  const runCheckNow = async () => {
    await database.db.execute(sql`update durable_jobs set run_at = now() - interval '1 second' where name = 'broker-login.check' and status = 'queued'`);
    await jobs.runDue();
  };

  it('finds the credentials with no login, makes again the one whose password is still sealed, tells the member of the others, and changes nothing when run again', async () => {
    const home = await memberWithHousehold(t);
    // Issued before Peakwise managed the logins: no job ever made its login.
    const before = await pair(home.member, 'shellyplugus-old001');
    await database.db.execute(sql`delete from durable_jobs where key = ${`broker-login:create:${(await credentialIdOf(before.device.id))!}`}`);
    // Its job gave up while the broker was away, and still holds the sealed password.
    const gaveUp = await pair(home.member, 'shellyplugus-old002');
    await database.db.execute(sql`update durable_jobs set status = 'failed', attempts = 8 where key = ${`broker-login:create:${(await credentialIdOf(gaveUp.device.id))!}`}`);
    // Made in the ordinary way, and one whose job has not run yet.
    const fine = await pair(home.member, 'shellyplugus-old003');
    await jobs.runDue();
    const waiting = await pair(home.member, 'shellyplugus-old004');
    await database.db.execute(sql`update durable_jobs set run_at = now() + interval '1 hour' where key = ${`broker-login:create:${(await credentialIdOf(waiting.device.id))!}`}`);
    expect(await tryLogin(before.credential.mqttUsername, before.credential.token, before.credential.mqttClientId)).toBe('refused');
    expect(await tryLogin(gaveUp.credential.mqttUsername, gaveUp.credential.token, gaveUp.credential.mqttClientId)).toBe('refused');

    await scheduleBrokerLoginCheck(database.db, new Date());
    await runCheckNow();

    expect(await credentialState(before.device.id)).toMatchObject({ jobStatus: null });
    expect((await credentialState(before.device.id))!.missing).not.toBeNull();
    expect(await credentialState(gaveUp.device.id)).toMatchObject({ missing: null, jobStatus: 'queued', attempts: 0 });
    expect(await credentialState(fine.device.id)).toMatchObject({ missing: null, jobStatus: 'done' });
    expect(await credentialState(waiting.device.id)).toMatchObject({ missing: null, jobStatus: 'queued' });
    expect(await needsNewPassword(home.member, before.device.id)).toBe(true);
    const connection = deviceConnectionSchema.parse(await (await t.app.request(`/api/devices/${before.device.id}/connection`, { headers: asMember(home.member) })).json());
    expect(connection.refusal?.reason).toBe('no_broker_login');
    expect(await needsNewPassword(home.member, gaveUp.device.id)).toBe(false);
    expect(await needsNewPassword(home.member, fine.device.id)).toBe(false);

    // The requeued job makes the login with the password the member already entered.
    await jobs.runDue();
    expect(await tryLogin(gaveUp.credential.mqttUsername, gaveUp.credential.token, gaveUp.credential.mqttClientId)).toBe('connected');
    // The check chained tomorrow's; run now, it finds the same and keeps the first finding's time.
    const firstMark = (await credentialState(before.device.id))!.missing;
    const checks = await jobPayloads('broker-login.check');
    expect(checks.map((c) => c.status)).toEqual(['done', 'queued']);
    expect(checks[1]!.key).toBe(`broker-login:check:${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`);
    await runCheckNow();
    expect((await credentialState(before.device.id))!.missing).toBe(firstMark);
    expect(await credentialState(gaveUp.device.id)).toMatchObject({ missing: null, jobStatus: 'done' });

    // "Show pairing settings again": a new password, with its login; the next check clears the flag.
    const res = await t.app.request(`/api/devices/${before.device.id}/credential`, { method: 'POST', headers: asMember(home.member, { origin: ORIGIN }) });
    expect(res.status).toBe(201);
    const renewed = pairedDeviceSchema.parse(await res.json());
    await jobs.runDue();
    expect(await needsNewPassword(home.member, before.device.id)).toBe(false);
    expect(await tryLogin(renewed.credential.mqttUsername, renewed.credential.token, renewed.credential.mqttClientId)).toBe('connected');
    await runCheckNow();
    expect(await needsNewPassword(home.member, before.device.id)).toBe(false);
  });

  it('binds a device login made before logins were bound to their client id', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pair(home.member, 'shellyplugus-old006');
    const c = paired.credential;
    await jobs.runDue();
    // As the job made it before this branch: no client id.
    expect((await control.run([{ command: 'setClientId', username: c.mqttUsername }]))[0]!.error).toBeUndefined();
    expect(await tryLogin(c.mqttUsername, c.token, 'any-client-id')).toBe('connected');

    await scheduleBrokerLoginCheck(database.db, new Date(Date.now() + 3 * 86_400_000));
    await runCheckNow();
    expect(await tryLogin(c.mqttUsername, c.token, 'any-client-id')).toBe('refused');
    expect(await tryLogin(c.mqttUsername, c.token, c.mqttClientId)).toBe('connected');
    expect(await needsNewPassword(home.member, paired.device.id)).toBe(false);
  });

  it('takes a login Mosquitto lost (its file restored from an old copy) for missing', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pair(home.member, 'shellyplugus-old005');
    await jobs.runDue();
    expect((await control.run([{ command: 'deleteClient', username: paired.credential.mqttUsername }]))[0]!.error).toBeUndefined();
    // Another day's check (today's and tomorrow's ran above).
    await scheduleBrokerLoginCheck(database.db, new Date(Date.now() + 2 * 86_400_000));
    await runCheckNow();
    expect(await needsNewPassword(home.member, paired.device.id)).toBe(true);
  });
});
