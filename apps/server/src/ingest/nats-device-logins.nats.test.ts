import type { MqttClient } from 'mqtt';
import { connect, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic } from '../telemetry/topics';
import { startTestNatsServer, type TestNatsServer } from '../test/nats-server';
import { connectDevice } from '../test/test-broker';
import { natsDevicePermissions, natsUserEntry } from '../telemetry/nats-device-permissions';
import { natsSubjectOf } from '../telemetry/nats-subjects';

/*
 * Per-device logins on NATS Server 2.9.10 (decision 125): an `authorization { users }` entry per
 * ingest login, limited to its own subjects, reloaded with SIGHUP. What this pins is the broker's
 * behaviour the decision rests on; the server does not yet write this file itself.
 */

const WORKER = natsUserEntry('peakwise-worker', 'worker-secret');
const d1 = natsUserEntry('login-d1', 'secret-d1', natsDevicePermissions('h1', 'd1'));
const d2 = natsUserEntry('login-d2', 'secret-d2', natsDevicePermissions('h1', 'd2'));
const block = (...users: string[]) => `authorization { users: [\n${users.join('\n')}\n] }\n`;

let nats: TestNatsServer;
let nc: NatsConnection;
const clients: MqttClient[] = [];

beforeAll(async () => {
  nats = await startTestNatsServer({ authorization: block(WORKER, d1, d2) });
  nc = await connect({ servers: nats.natsUrl, user: 'peakwise-worker', pass: 'worker-secret' });
  // The ingest stream, as the worker makes it: it captures what the broker let through.
  await (await nc.jetstreamManager()).streams.add({ name: 'LOGINS', subjects: ['peakwise.>'], retention: RetentionPolicy.Limits, storage: StorageType.File });
}, 30_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await nc?.close();
  await nats?.stop();
});

const subjectsStored = async () => {
  const jsm = await nc.jetstreamManager();
  const { state } = await jsm.streams.info('LOGINS', { subjects_filter: '>' });
  return state.subjects ?? {};
};

describe('device logins on NATS Server', () => {
  it('lets a device publish on its own topics only, and keeps a refused publish out of the stream', async () => {
    const device = await connectDevice(nats.mqttUrl, { username: 'login-d1', password: 'secret-d1' });
    clients.push(device);
    await device.publishAsync(deviceTopic('h1', 'd1', 'reading'), '{"own":true}', { qos: 1 });
    // A sibling's topic: NATS PUBACKs it (MQTT 3.1.1 has no way to say no) and drops it.
    await device.publishAsync(deviceTopic('h1', 'd2', 'reading'), '{"sibling":true}', { qos: 1 });
    await device.publishAsync(deviceTopic('h2', 'd1', 'reading'), '{"elsewhere":true}', { qos: 1 });
    // Its own receipts it may read.
    const granted = await device.subscribeAsync(deviceTopic('h1', 'd1', 'receipts'), { qos: 1 });
    expect(granted[0]!.qos).toBe(1);

    await expect.poll(subjectsStored, { timeout: 5_000 }).toEqual({ [natsSubjectOf(deviceTopic('h1', 'd1', 'reading'))]: 1 });
    // Nothing else arrives later either.
    await new Promise((r) => setTimeout(r, 300));
    expect(await subjectsStored()).toEqual({ [natsSubjectOf(deviceTopic('h1', 'd1', 'reading'))]: 1 });
  });

  it('refuses a revoked login, and ends its open session, once NATS reloads its users', async () => {
    const before = await connectDevice(nats.mqttUrl, { username: 'login-d2', password: 'secret-d2' });
    clients.push(before);
    const closed = new Promise<void>((resolve) => before.once('close', () => resolve()));
    await nats.reloadAuthorization(block(WORKER, d1));

    await closed;
    await expect(connectDevice(nats.mqttUrl, { username: 'login-d2', password: 'secret-d2' })).rejects.toThrow(/Not authorized/);
    // The logins left still work, and a wrong password never did.
    clients.push(await connectDevice(nats.mqttUrl, { username: 'login-d1', password: 'secret-d1' }));
    await expect(connectDevice(nats.mqttUrl, { username: 'login-d1', password: 'wrong' })).rejects.toThrow(/Not authorized/);
  });
});
