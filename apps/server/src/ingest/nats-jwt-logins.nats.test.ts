import mqtt, { type MqttClient } from 'mqtt';
import { connect, jwtAuthenticator, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { createAccount } from 'nkeys.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic } from '../telemetry/topics';
import { startTestNatsCluster, type TestNatsCluster } from '../test/nats-cluster';
import { makeTestNatsOperator, type TestNatsOperator } from '../test/nats-operator';
import { connectDevice } from '../test/test-broker';
import { pushAccountRevocations } from './nats-account-claims';
import { natsDevicePermissions } from '../telemetry/nats-device-permissions';
import { natsLoginKey, natsUserJwt } from '../lib/nats-jwt';
import { natsSubjectOf } from '../telemetry/nats-subjects';

/*
 * Device logins on a three-node NATS Server 2.9.10 cluster in operator mode (decision 132): each
 * login a bearer user JWT, given as the MQTT password, limited to its own subjects; revoked by
 * pushing the account's JWT with a revocation over the system account, with no file on any node.
 */

let operator: TestNatsOperator;
let cluster: TestNatsCluster;
let nc: NatsConnection;
const clients: MqttClient[] = [];

beforeAll(async () => {
  operator = makeTestNatsOperator();
  cluster = await startTestNatsCluster(3, { operator });
  nc = await connect({ servers: cluster.natsUrls.split(','), ...operator.ingestLogin() });
  // What the broker let through lands here, as in the ingest stream.
  await (await nc.jetstreamManager()).streams.add({ name: 'JWT_LOGINS', subjects: ['peakwise.>'], retention: RetentionPolicy.Limits, storage: StorageType.File, num_replicas: 3 });
  // The account's first MQTT login waits for NATS to make its MQTT streams in three copies: seconds
  // on a loaded host, longer than a device's connect timeout here.
  const first = await mqtt.connectAsync(cluster.nodes[0]!.mqttUrl, { username: 'warm-up', password: deviceLogin('c0', 'h0', 'd0'), reconnectPeriod: 0, connectTimeout: 30_000 });
  await first.endAsync(true);
}, 90_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await nc?.close();
  await cluster?.stop();
});

const deviceLogin = (credentialId: string, householdId: string, externalId: string, signer = operator.accountSigner) =>
  natsUserJwt({
    account: operator.account,
    signer,
    userKey: natsLoginKey(credentialId),
    name: externalId,
    issuedAt: new Date(),
    bearer: true,
    connectionTypes: ['MQTT'],
    permissions: natsDevicePermissions(householdId, externalId),
  });

const login = async (node: number, password: string, username = 'device') => {
  const client = await connectDevice(cluster.nodes[node]!.mqttUrl, { username, password });
  clients.push(client);
  return client;
};
const refusal = (node: number, password: string) =>
  login(node, password).then(
    () => 'connected',
    (error: Error) => error.message,
  );

const subjectsStored = async () => {
  const { state } = await (await nc.jetstreamManager()).streams.info('JWT_LOGINS', { subjects_filter: '>' });
  return state.subjects ?? {};
};

describe('device logins as bearer JWTs on a NATS cluster', () => {
  it('connects a device whose MQTT password is its JWT, on every node, limited to its own topics', async () => {
    const jwt = deviceLogin('c1', 'h1', 'd1');
    const device = await login(0, jwt, 'd1');
    await device.publishAsync(deviceTopic('h1', 'd1', 'reading'), '{"own":true}', { qos: 1 });
    await device.publishAsync(deviceTopic('h1', 'd2', 'reading'), '{"sibling":true}', { qos: 1 });
    await device.publishAsync(deviceTopic('h2', 'd1', 'reading'), '{"elsewhere":true}', { qos: 1 });
    const granted = await device.subscribeAsync(deviceTopic('h1', 'd1', 'receipts'), { qos: 1 });
    expect(granted[0]!.qos).toBe(1);
    const own = natsSubjectOf(deviceTopic('h1', 'd1', 'reading'));
    await expect.poll(subjectsStored, { timeout: 10_000 }).toEqual({ [own]: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await subjectsStored()).toEqual({ [own]: 1 });

    // The same login through the two other nodes' listeners.
    expect(await refusal(1, jwt)).toBe('connected');
    expect(await refusal(2, jwt)).toBe('connected');
  });

  it('refuses a JWT no signing key of the account made, and a device JWT over plain NATS', async () => {
    expect(await refusal(0, deviceLogin('c9', 'h1', 'd9', createAccount()))).toMatch(/Not authorized/);
    expect(await refusal(0, 'not-a-jwt')).toMatch(/Not authorized/);
    const plain = connect({ servers: cluster.nodes[0]!.natsUrl, authenticator: jwtAuthenticator(deviceLogin('c1', 'h1', 'd1')), maxReconnectAttempts: 0, timeout: 5_000 });
    await expect(plain).rejects.toThrow(/Authorization Violation/i);
  });

  it('ends a revoked login’s sessions and refuses its next CONNECT on all three nodes once the account’s JWT is pushed', async () => {
    const revoked = deviceLogin('c2', 'h1', 'd2');
    const kept = deviceLogin('c3', 'h1', 'd3');
    const sessions = [await login(0, revoked, 'd2'), await login(1, revoked, 'd2'), await login(2, revoked, 'd2')];
    const closed = sessions.map((s) => new Promise<number>((resolve) => s.once('close', () => resolve(Date.now()))));

    const pushedAt = Date.now();
    const answers = await pushAccountRevocations(
      { servers: cluster.natsUrls, systemCreds: operator.systemCreds, account: operator.account, operatorSigningSeed: new TextDecoder().decode(operator.operatorSigner.getSeed()) },
      { [natsLoginKey('c2')]: Math.floor(Date.now() / 1000) + 86_400 },
      new Date(),
    );
    expect(answers.map((a) => a.server).sort()).toEqual(cluster.nodes.map((n) => n.name).sort());
    expect(answers.every((a) => a.updated)).toBe(true);

    const closedAt = await Promise.all(closed);
    console.log(`revocation: sessions closed ${closedAt.map((t) => t - pushedAt).join(', ')} ms after the push began`);
    for (const node of [0, 1, 2]) expect(await refusal(node, revoked)).toMatch(/Not authorized/);
    for (const node of [0, 1, 2]) expect(await refusal(node, kept)).toBe('connected');
  }, 30_000);
});
