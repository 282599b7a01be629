import type { MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { connect } from 'nats';
import type { MqttReceipt } from '@peakwise/contracts/ingest.contract';
import { meterReceiptTopic, meterTopic } from '../telemetry/topics';
import { seedHousehold, type HouseholdFixture } from '../test/household-fixture';
import { startTestNatsServer, type TestNatsServer } from '../test/nats-server';
import { connectDevice } from '../test/test-broker';
import { createTestDatabase } from '../test/test-database';
import type { IngestEvent } from './mqtt-ingest';
import { startNatsIngest, type NatsIngest, type NatsIngestOptions } from './nats-ingest';
import { natsSubjectOf } from '../telemetry/nats-subjects';

/*
 * Ingest through NATS Server (decision 117): devices publish QoS 1 over its MQTT listener, workers
 * pull from one JetStream consumer. A real nats-server of the test's own, killed and restarted.
 */

const logger = createLogger({ level: 'silent' });
const T0 = Date.parse('2026-01-15T17:00:00Z');
const meter = (i: number) => ({ ts: new Date(T0 + i * 300_000).toISOString(), productionKwh: 0, consumptionKwh: 0.25, gridImportKwh: 0.25, gridExportKwh: 0 });

let database: Database;
let nats: TestNatsServer;
let home: HouseholdFixture;
const workers: NatsIngest[] = [];
const devices: MqttClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  nats = await startTestNatsServer();
}, 30_000);
afterAll(async () => {
  await nats?.stop();
  await database?.close();
});
beforeEach(async () => {
  home = await seedHousehold(database.db, {});
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.endAsync(true)));
  await Promise.all(workers.splice(0).map((w) => w.close()));
});

async function startWorker(extra: Partial<NatsIngestOptions> = {}) {
  const worker = startNatsIngest({ servers: nats.natsUrl, db: database.db, logger, ackWaitMs: 2_000, retryDelayMs: 100, ...extra });
  workers.push(worker);
  await worker.ready;
  return worker;
}
async function device() {
  const client = await connectDevice(nats.mqttUrl);
  devices.push(client);
  return client;
}
/** One reading per message, interval i: every message adds exactly one row when stored. */
const publishReadings = async (client: MqttClient, from: number, count: number) => {
  for (let i = from; i < from + count; i++) await client.publishAsync(meterTopic(home.household.id), JSON.stringify({ readings: [meter(i)] }), { qos: 1 });
};
const storedRows = async () =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${home.household.id}::uuid`))[0]!.n;

describe('ingest through NATS Server', () => {
  it('splits the stream between two workers, each message stored by one of them', async () => {
    const byWorker = [0, 0];
    await startWorker({ onEvent: (e: IngestEvent) => e.acked && byWorker[0]!++, batch: { maxMessages: 10 } });
    await startWorker({ onEvent: (e: IngestEvent) => e.acked && byWorker[1]!++, batch: { maxMessages: 10 } });
    await publishReadings(await device(), 0, 300);

    await expect.poll(storedRows, { timeout: 15_000 }).toBe(300);
    // At least once: a batch slower than the acknowledgement wait comes back to the other worker,
    // a duplicate that adds no row. Both took a share.
    await expect.poll(() => byWorker[0]! + byWorker[1]!, { timeout: 5_000 }).toBeGreaterThanOrEqual(300);
    expect(await storedRows()).toBe(300);
    expect(byWorker[0]).toBeGreaterThan(0);
    expect(byWorker[1]).toBeGreaterThan(0);
  });

  it('gives a worker’s unacknowledged messages to another when it stops answering', async () => {
    // A worker that takes messages and never commits them, then goes away without a word.
    let taken = 0;
    const stuck = await startWorker({ store: () => new Promise(() => {}), onEvent: () => {}, batch: { maxMessages: 500 } });
    const client = await device();
    await publishReadings(client, 0, 40);
    // Nothing is stored while the stuck worker holds them.
    await new Promise((r) => setTimeout(r, 300));
    expect(await storedRows()).toBe(0);
    void stuck.close();
    await startWorker({ onEvent: (e) => e.acked && taken++ });
    await expect.poll(storedRows, { timeout: 15_000 }).toBe(40);
    expect(taken).toBeGreaterThanOrEqual(40);
  });

  it('loses no acknowledged reading when the broker is killed, and carries on after its restart', async () => {
    // Acknowledged to the device while no worker runs: kept by the stream, not by a worker.
    const before = await device();
    await publishReadings(before, 0, 50);
    await before.endAsync(true);
    await nats.kill();
    await nats.restart();

    await startWorker();
    await expect.poll(storedRows, { timeout: 15_000 }).toBe(50);

    // The worker's connection comes back by itself after a second crash and restart.
    await nats.kill();
    await nats.restart();
    const after = await device();
    await publishReadings(after, 50, 25);
    await expect.poll(storedRows, { timeout: 20_000 }).toBe(75);
  });

  it('receipts a gateway subscribed at QoS 0 with no JetStream consumer of NATS’s own, where a QoS 1 subscription needs one (decision 128)', async () => {
    // Receipts as main.ts sends them: QoS 1 through the server's MQTT session.
    const session = await device();
    await startWorker({ publishReceipt: (topic, payload) => session.publish(topic, payload, { qos: 1 }) });
    const receipts = meterReceiptTopic(home.household.id);
    const collect = (client: MqttClient) => {
      const stored: string[] = [];
      client.on('message', (_topic, payload) => stored.push(...(JSON.parse(payload.toString('utf8')) as MqttReceipt).stored));
      return stored;
    };
    const atQos0 = await device();
    const gotAtQos0 = collect(atQos0);
    await atQos0.subscribeAsync(receipts, { qos: 0 });
    const atQos1 = await device();
    const gotAtQos1 = collect(atQos1);
    await atQos1.subscribeAsync(receipts, { qos: 1 });
    // NATS delivers a QoS 1 publish to a QoS 1 subscription through a JetStream consumer of its
    // `$MQTT_msgs` stream, one per subscription: what stalled for minutes on a cluster after a node's
    // restart. The QoS 0 subscription has none. Deleting the QoS 1 one stands for the stall.
    const nc = await connect({ servers: nats.natsUrl });
    try {
      const jsm = await nc.jetstreamManager();
      const consumers = await jsm.consumers.list('$MQTT_msgs').next();
      expect(consumers.map((c) => c.config.filter_subject)).toEqual([`$MQTT.msgs.${natsSubjectOf(receipts)}`]);
      await jsm.consumers.delete('$MQTT_msgs', consumers[0]!.name);
    } finally {
      await nc.close();
    }

    await publishReadings(atQos0, 0, 3);
    await expect.poll(() => gotAtQos0.length, { timeout: 15_000 }).toBe(3);
    expect([...gotAtQos0].sort()).toEqual([0, 1, 2].map((i) => meter(i).ts));
    // The same receipts, published once to both, never reached the QoS 1 subscription.
    expect(gotAtQos1).toEqual([]);
  });
});
