import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { jwtAuthenticator } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import type { PairedDevice } from '@peakwise/contracts/device-management.contract';
import { createdIngestTokenSchema } from '@peakwise/contracts/ingest-token.contract';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { natsAccountPush } from '../../ingest/nats-account-claims';
import { startNatsIngest, type NatsIngest } from '../../ingest/nats-ingest';
import { startDurableWorker, type DurableWorker } from '../../jobs/durable-worker';
import { natsLoginJobHandlers } from '../../jobs/nats-login-jobs';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { meterTopic } from '../../telemetry/topics';
import { startTestNatsCluster, type TestNatsCluster } from '../../test/nats-cluster';
import { makeTestNatsOperator, type TestNatsOperator } from '../../test/nats-operator';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { asMember, type Member } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { natsLoginsOf, natsServiceLogins } from './nats-logins.service';
import { pairDevice } from './device-pairing.test-helper';

/*
 * Device logins minted by Peakwise on a three-node NATS cluster in operator mode (decision 132):
 * pairing answers with the device's JWT as its MQTT password, removing the device revokes it
 * through a durable job that pushes the account's JWT. No login here exists but those the server
 * minted: the nodes trust only the test's operator.
 */

const silent = createLogger({ level: 'silent' });
const ORIGIN = 'http://127.0.0.1:3000';
let operator: TestNatsOperator;
let cluster: TestNatsCluster;
let database: Database;
let worker: NatsIngest;
let jobs: DurableWorker;
let t: TestApp;
let credsDir: string;
let serverSession: MqttClient;
const clients: MqttClient[] = [];

beforeAll(async () => {
  operator = makeTestNatsOperator();
  cluster = await startTestNatsCluster(3, { operator });
  credsDir = mkdtempSync(join(tmpdir(), 'peakwise-nats-creds-'));
  writeFileSync(join(credsDir, 'system.creds'), operator.systemCreds);
  const env = {
    PUBLIC_URL: ORIGIN,
    MQTT_URL: cluster.nodes[0]!.mqttUrl,
    MQTT_PROTOCOL_VERSION: '3.1.1',
    NATS_URL: cluster.natsUrls,
    NATS_STREAM_REPLICAS: '3',
    NATS_ACCOUNT: operator.account,
    NATS_ACCOUNT_SIGNING_SEED: new TextDecoder().decode(operator.accountSigner.getSeed()),
    NATS_OPERATOR_SIGNING_SEED: new TextDecoder().decode(operator.operatorSigner.getSeed()),
    NATS_SYSTEM_CREDS: join(credsDir, 'system.creds'),
    AUTH_SECRET: randomBytes(24).toString('hex'),
  };
  const config = loadConfig(env);
  database = await createTestDatabase();
  // The worker logs in as main.ts has it do: a JWT the server mints for itself.
  const service = natsServiceLogins(natsLoginsOf(config.natsLogins!), new Date());
  // And the server's MQTT session, which sends the receipts, with the bearer JWT main.ts mints for it.
  // The account's first MQTT login waits for NATS to make its MQTT streams in three copies: seconds
  // on a loaded host.
  serverSession = await mqtt.connectAsync(cluster.nodes[0]!.mqttUrl, { username: 'peakwise-server', password: service.mqttPassword, clientId: 'peakwise-test-server', protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 30_000 });
  const publishReceipt = (topic: string, payload: string) => void serverSession.publishAsync(topic, payload, { qos: 1 });
  worker = startNatsIngest({ servers: cluster.natsUrls, authenticator: jwtAuthenticator(service.workerJwt, service.workerSeed), replicas: 3, db: database.db, logger: silent, ackWaitMs: 5_000, publishReceipt });
  await worker.ready;
  jobs = startDurableWorker({ db: database.db, logger: silent, handlers: natsLoginJobHandlers({ push: natsAccountPush(cluster.natsUrls, config.natsLogins!) }) });
  t = await createTestApp({ database, env });
}, 90_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t?.close();
  await jobs?.stop();
  await worker?.close();
  await serverSession?.endAsync(true);
  await database?.close();
  await cluster?.stop();
  if (credsDir) rmSync(credsDir, { recursive: true, force: true });
});

// allowRetries false: a connection closed before its CONNACK (the connect timeout) rejects; by
// default connectAsync then waits for ever, and a loaded host's slow login hung the test.
const connect = async (node: number, login: { username: string; password: string; clientId: string }) => {
  const client = await mqtt.connectAsync(cluster.nodes[node]!.mqttUrl, { ...login, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 10_000 }, false);
  clients.push(client);
  return client;
};
let attempts = 0;
/**
 * A login tried and ended at once. Each try has a client ID of its own: one ID reused on another
 * node at once waits for the cluster to release the session of the try before (NATS keeps an MQTT
 * session cluster-wide), which took longer than the connect timeout on a loaded host.
 */
const tryLogin = (node: number, login: { username: string; password: string; clientId: string }) =>
  connect(node, { ...login, clientId: `${login.clientId}-try${++attempts}` }).then(
    async (client) => {
      await client.endAsync(true);
      return 'connected';
    },
    (error: Error) => error.message,
  );

const pair = (member: Member, externalId: string): Promise<PairedDevice> => pairDevice(t, member, { externalId, name: 'Kettle', kind: 'smart_plug' }, ORIGIN);
const loginOf = (c: PairedDevice['credential']) => ({ username: c.mqttUsername, password: c.mqttPassword!, clientId: c.mqttClientId });

const revokeJobs = async () =>
  rowsOf<{ status: string; lastError: string | null }>(await database.db.execute(sql`select status, last_error as "lastError" from durable_jobs where name = 'nats-login.revoke' order by created_at`));

const shellyStatus = (powerW: number) => JSON.stringify({ id: 0, source: 'timer', output: true, apower: powerW, voltage: 120.1, current: 0.52, aenergy: { total: 1.0, by_minute: [0, 0, 0], minute_ts: 1_768_496_400 } });
const meterRows = async (householdId: string) =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${householdId}::uuid`))[0]!.n;

describe('a plug paired while Peakwise mints NATS logins', () => {
  it('logs in with the JWT the pairing shows, its reading lands, and another home’s topic is dropped', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const paired = await pair(home.member, 'shellyplugus-nats01');
    const c = paired.credential;
    expect(c.token).toMatch(/^pwi_/);
    // The password is the JWT, not the token, and nothing waits for a job: NATS checks the JWT alone.
    expect(c.mqttPassword?.split('.')).toHaveLength(3);
    expect(c.mqttPasswordKind).toBe('jwt');
    expect(await jobs.runDue()).toBe(0);
    expect(await tryLogin(0, { username: c.mqttUsername, password: c.token, clientId: c.mqttClientId })).toMatch(/Not authorized/);

    // Through the node the server's own session is not on.
    const plug = await connect(1, loginOf(c));
    const elsewhere = JSON.stringify({ readings: [{ ts: '2026-01-15T17:00:00.000Z', productionKwh: 0, consumptionKwh: 0.25, gridImportKwh: 0.25, gridExportKwh: 0 }] });
    await plug.publishAsync(meterTopic(other.household.id), elsewhere, { qos: 1 });
    await plug.publishAsync(meterTopic(home.household.id), elsewhere, { qos: 1 });
    await plug.publishAsync(`${c.shellyMqttPrefix}/status/switch:0`, shellyStatus(62), { qos: 1 });
    const overview = async () => {
      const r = await t.app.request('/api/devices', { headers: asMember(home.member) });
      return devicesOverviewSchema.parse(await r.json()).devices.find((d) => d.id === paired.device.id);
    };
    await expect.poll(async () => (await overview())?.powerW, { timeout: 15_000 }).toBe(62);

    // A reading on its own topic is receipted through the server's session (QoS 0, decision 128).
    const receipts: string[] = [];
    plug.on('message', (topic, payload) => topic === `${c.mqttTopicPrefix}/receipts` && receipts.push(payload.toString()));
    await plug.subscribeAsync(`${c.mqttTopicPrefix}/receipts`, { qos: 0 });
    await plug.publishAsync(`${c.mqttTopicPrefix}/reading`, JSON.stringify({ ts: '2026-01-15T17:05:00.000Z', powerW: 40 }), { qos: 1 });
    await expect.poll(() => receipts.map((r) => JSON.parse(r) as unknown), { timeout: 15_000 }).toEqual([{ stored: ['2026-01-15T17:05:00.000Z'], rejected: [] }]);
    // A device login may not write its household's meter either: the topic is not its own.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await meterRows(other.household.id)).toBe(0);
    expect(await meterRows(home.household.id)).toBe(0);
  }, 30_000);

  it('ends the session of a removed plug and refuses it on every node, while another plug stays', async () => {
    const home = await memberWithHousehold(t);
    const removed = await pair(home.member, 'shellyplugus-nats02');
    const kept = await pair(home.member, 'shellyplugus-nats03');
    const session = await connect(2, loginOf(removed.credential));
    const closed = new Promise<void>((resolve) => session.once('close', () => resolve()));

    expect((await t.app.request(`/api/devices/${removed.device.id}`, { method: 'DELETE', headers: asMember(home.member, { origin: ORIGIN }) })).status).toBe(204);
    // Until the job pushes the account's JWT, NATS knows nothing of it.
    expect(await tryLogin(0, loginOf(removed.credential))).toBe('connected');
    expect(await jobs.runDue()).toBe(1);
    expect(await revokeJobs()).toEqual([{ status: 'done', lastError: null }]);
    const stillOpen = new Promise<string>((resolve) => setTimeout(() => resolve('still open 15 s after the push'), 15_000));
    expect(await Promise.race([closed.then(() => 'closed'), stillOpen])).toBe('closed');
    for (const node of [0, 1, 2]) expect(await tryLogin(node, loginOf(removed.credential))).toMatch(/Not authorized/);
    for (const node of [0, 1, 2]) expect(await tryLogin(node, loginOf(kept.credential))).toBe('connected');

    // Run again, the job pushes the same list: nothing changes.
    await database.db.execute(sql`update durable_jobs set status = 'queued', run_at = now() where name = 'nats-login.revoke'`);
    expect(await jobs.runDue()).toBe(1);
    expect(await tryLogin(1, loginOf(removed.credential))).toMatch(/Not authorized/);
    expect(await tryLogin(1, loginOf(kept.credential))).toBe('connected');
  }, 60_000);

  it('gives a household token its own JWT, and every login of an account is refused on every node once the account is deleted', async () => {
    const home = await memberWithHousehold(t);
    const createToken = async (label: string) => {
      const res = await t.app.request('/api/household/ingest-tokens', { method: 'POST', headers: asMember(home.member, { origin: ORIGIN }), body: JSON.stringify({ label }) });
      expect(res.status).toBe(201);
      return createdIngestTokenSchema.parse(await res.json());
    };
    const gateway = await createToken('Gateway');
    expect(gateway.mqttPasswordKind).toBe('jwt');
    const old = await createToken('Old gateway');
    const plug = (await pair(home.member, 'shellyplugus-nats04')).credential;
    const gatewayLogin = { username: gateway.mqttUsername, password: gateway.mqttPassword!, clientId: `gw-${randomBytes(3).toString('hex')}` };
    const oldLogin = { username: old.mqttUsername, password: old.mqttPassword!, clientId: `gw-${randomBytes(3).toString('hex')}` };

    // A household login reads every device's commands of its home.
    const session = await connect(0, gatewayLogin);
    expect(await session.subscribeAsync(`peakwise/${home.household.id}/devices/+/command`, { qos: 1 }).then((g) => g[0]?.qos)).toBe(1);
    await session.endAsync(true);
    expect(await tryLogin(1, oldLogin)).toBe('connected');

    expect((await t.app.request(`/api/household/ingest-tokens/${old.id}`, { method: 'DELETE', headers: asMember(home.member, { origin: ORIGIN }) })).status).toBe(204);
    expect(await jobs.runDue()).toBe(1);
    expect(await tryLogin(1, oldLogin)).toMatch(/Not authorized/);
    expect(await tryLogin(1, gatewayLogin)).toBe('connected');

    const revocations = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from nats_login_revocations`))[0]!.n;
    const revokedBefore = await revocations();
    const deleted = await t.app.request('/api/account', { method: 'DELETE', headers: asMember(home.member, { origin: ORIGIN }), body: JSON.stringify({ confirmation: 'DELETE' }) });
    expect(deleted.status).toBe(204);
    expect(await jobs.runDue()).toBe(1);
    for (const node of [0, 1, 2]) {
      expect(await tryLogin(node, gatewayLogin)).toMatch(/Not authorized/);
      expect(await tryLogin(node, loginOf(plug))).toMatch(/Not authorized/);
    }
    // The account's credentials are gone; their revocations are not.
    const credentials = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ingest_credentials where household_id = ${home.household.id}::uuid`))[0]!.n;
    expect(credentials).toBe(0);
    expect((await revocations()) - revokedBefore).toBe(2);
  }, 60_000);
});
