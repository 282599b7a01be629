import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { meterTopic } from '../telemetry/topics';
import { seedHousehold } from '../test/household-fixture';
import { startTestNatsCluster, type TestNatsCluster, type TestNatsNode } from '../test/nats-cluster';
import { createTestDatabase } from '../test/test-database';
import { NATS_INGEST_STREAM, startNatsIngest, type NatsIngest } from './nats-ingest';

/*
 * Ingest through a three-node NATS Server cluster (decision 125): the stream kept in three copies,
 * the node leading it SIGKILLed while a device publishes QoS 1 through another node's MQTT
 * listener, then restarted. Every reading the device got a PUBACK for must be stored, once.
 */

const logger = createLogger({ level: 'silent' });
const T0 = Date.parse('2026-02-01T00:00:00Z');
const meter = (i: number) => ({ ts: new Date(T0 + i * 300_000).toISOString(), productionKwh: 0, consumptionKwh: 0.25, gridImportKwh: 0.25, gridExportKwh: 0 });

let database: Database;
let cluster: TestNatsCluster;
let worker: NatsIngest | undefined;
let device: MqttClient | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  cluster = await startTestNatsCluster(3);
}, 60_000);
afterAll(async () => {
  await device?.endAsync(true);
  await worker?.close();
  await cluster?.stop();
  await database?.close();
});

describe('ingest through a three-node NATS cluster', () => {
  it('stores every receipted reading once when the stream’s leader is killed, and the worker and the device carry on by themselves', async () => {
    const home = await seedHousehold(database.db, {});
    const topic = meterTopic(home.household.id);
    const [a, b, c] = cluster.nodes as [TestNatsNode, TestNatsNode, TestNatsNode];
    // Receipts straight from the worker (on a deployment they go back over MQTT, decision 065).
    const receipted = new Set<string>();
    const publishReceipt = (_topic: string, payload: string) => (JSON.parse(payload) as { stored: string[] }).stored.forEach((ts) => receipted.add(ts));
    // The worker is told of every node, node B first; the device of every MQTT listener, node A first.
    worker = startNatsIngest({ servers: [b, c, a].map((n) => n.natsUrl).join(','), replicas: 3, db: database.db, logger, ackWaitMs: 5_000, retryDelayMs: 200, publishReceipt });
    await worker.ready;
    device = mqtt.connect({
      servers: [a, b, c].map((n) => ({ host: '127.0.0.1', port: n.mqttPort })),
      clientId: 'cluster-test-device',
      protocolVersion: 4,
      reconnectPeriod: 200,
      // A node restarting refuses MQTT logins until its JetStream answers.
      reconnectOnConnackError: true,
      connectTimeout: 3_000,
    });
    device.on('error', () => {});
    await new Promise((resolve) => device!.once('connect', resolve));
    let reconnects = 0;
    device.on('connect', () => reconnects++);

    // A gateway as the fault suite's: each reading kept until its receipt, sent again 3 s after its
    // last send. On a cluster a PUBACK is not enough: a node PUBACKs once the message is on its
    // way to the stream, and a stream that is changing leader can miss it (decision 125).
    const total = 400;
    const lastSent = new Map<number, number>();
    const send = (i: number) => {
      lastSent.set(i, Date.now());
      device!.publish(topic, JSON.stringify({ readings: [meter(i)] }), { qos: 1 }, () => {});
    };
    const resender = setInterval(() => {
      for (const [i, at] of lastSent) {
        if (receipted.has(meter(i).ts)) lastSent.delete(i);
        else if (at < Date.now() - 3_000) send(i);
      }
    }, 500);
    try {
      const publishing = (async () => {
        for (let i = 0; i < total; i++) {
          send(i);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      await expect.poll(() => receipted.size, { timeout: 20_000 }).toBeGreaterThanOrEqual(50);
      const leader = await cluster.streamLeader(NATS_INGEST_STREAM);
      const victim = cluster.nodes.find((n) => n.name === leader)!;
      await victim.kill();
      await new Promise((r) => setTimeout(r, 500));
      await victim.restart();
      await publishing;
      await expect.poll(() => receipted.size, { timeout: 60_000 }).toBe(total);

      const stored = async () =>
        rowsOf<{ n: number; distinct: number; kwh: number }>(
          await database.db.execute(
            sql`select count(*)::int as n, count(distinct ts)::int as distinct, coalesce(sum(consumption_kwh), 0)::float8 as kwh from meter_readings where household_id = ${home.household.id}::uuid`,
          ),
        )[0]!;
      // Every receipted reading is there once, with its value: 400 rows of 0.25 kWh.
      expect(await stored()).toEqual({ n: total, distinct: total, kwh: 100 });
      // A new leader among the two left, or the restarted node again: the stream has one.
      expect(await cluster.streamLeader(NATS_INGEST_STREAM)).toMatch(/^peakwise-test-\d$/);

      // The worker's connection survived the kill: a reading published now is stored and receipted
      // without restarting it (sent again by the re-sender if a settling leader drops it too).
      send(total);
      await expect.poll(() => receipted.has(meter(total).ts), { timeout: 40_000 }).toBe(true);
      expect((await stored()).n).toBe(total + 1);
      // That reading went out after the kill: through another node, or node A once back, by a reconnect of the device's own.
      if (victim === a) expect(reconnects).toBeGreaterThan(0);
    } finally {
      clearInterval(resender);
    }
  }, 150_000);
});
