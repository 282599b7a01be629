import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mqttReceiptSchema, type MqttReceipt } from '@peakwise/contracts/ingest.contract';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { seedHousehold } from '../test/household-fixture';
import { startMosquittoInstance, type MosquittoInstance } from '../test/private-mosquitto';
import { createTestDatabase } from '../test/test-database';
import { deviceTopic, meterReceiptTopic, meterTopic } from '../telemetry/topics';
import { writeIngestBatch } from './ingest-batch.service';
import { startMqttIngest, type MqttIngest } from './mqtt-ingest';
import { freePort } from '../test/local-ports';

const T0 = Date.parse('2026-01-15T17:00:00Z');
const at = (i: number) => new Date(T0 + i * 300_000).toISOString();
const meter = (ts: string, consumptionKwh = 0.3) => ({ ts, productionKwh: 0, consumptionKwh, gridImportKwh: consumptionKwh, gridExportKwh: 0 });

/**
 * Over Mosquitto a device's PUBACK comes from the broker on receipt (decision 054), so the server
 * answers with a receipt of its own once the readings are committed (decision 065). A private
 * Mosquitto, so the test does not depend on the shared one.
 */
describe('MQTT receipts over Mosquitto', () => {
  let database: Database;
  let broker: MosquittoInstance;
  const closers: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    broker = await startMosquittoInstance(await freePort());
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    await broker.destroy();
    await database.close();
  });

  function startWorker(store?: typeof writeIngestBatch): MqttIngest {
    const worker = startMqttIngest({
      url: broker.url,
      db: database.db,
      logger: createLogger({ level: 'silent' }),
      clientId: `receipts-ingest-${randomBytes(4).toString('hex')}`,
      shareGroup: `receipts-${randomBytes(4).toString('hex')}`,
      protocolVersion: 5,
      retryDelayMs: 100,
      ...(store ? { store } : {}),
    });
    closers.push(() => worker.close());
    return worker;
  }

  /** A device that keeps every receipt it gets on `receiptTopic`, and for each the rows stored at that moment. */
  async function device(receiptTopic: string, countRows: () => Promise<number>) {
    const client: MqttClient = await mqtt.connectAsync(broker.url, { clientId: `receipts-device-${randomBytes(4).toString('hex')}`, reconnectPeriod: 0, protocolVersion: 4 });
    closers.push(() => client.endAsync(true));
    const receipts: { receipt: MqttReceipt; rowsThen: Promise<number> }[] = [];
    client.on('message', (topic, payload) => {
      if (topic === receiptTopic) receipts.push({ receipt: mqttReceiptSchema.parse(JSON.parse(payload.toString('utf8'))), rowsThen: countRows() });
    });
    await client.subscribeAsync(receiptTopic, { qos: 1 });
    return { client, receipts };
  }

  const meterRows = (householdId: string) => async () =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${householdId}::uuid`))[0]!.n;

  it('PUBACK alone is not a receipt: it arrives only after the worker commits, naming stored and rejected readings', async () => {
    const home = await seedHousehold(database.db, {});
    const rows = meterRows(home.household.id);
    const { client, receipts } = await device(meterReceiptTopic(home.household.id), rows);
    const misaligned = new Date(T0 + 150_000).toISOString();

    // No worker yet: Mosquitto acknowledges and, with nobody subscribed, drops the message. The
    // PUBACK hides that loss; the missing receipt does not.
    await client.publishAsync(meterTopic(home.household.id), JSON.stringify({ readings: [meter(at(0)), meter(misaligned)] }), { qos: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(receipts).toHaveLength(0);
    expect(await rows()).toBe(0);

    // Without a receipt the gateway sends again, as after its timeout.
    await startWorker().ready;
    await client.publishAsync(meterTopic(home.household.id), JSON.stringify({ readings: [meter(at(0)), meter(misaligned)] }), { qos: 1 });
    await expect.poll(() => receipts.length, { timeout: 10_000 }).toBe(1);
    expect(receipts[0]!.receipt).toEqual({ stored: [at(0)], rejected: [{ ts: misaligned, reason: 'misaligned_timestamp' }] });
    expect(await receipts[0]!.rowsThen).toBe(1);

    // A re-send is a duplicate: stored already, receipted again, nothing added.
    await client.publishAsync(meterTopic(home.household.id), JSON.stringify(meter(at(0))), { qos: 1 });
    await expect.poll(() => receipts.length, { timeout: 10_000 }).toBe(2);
    expect(receipts[1]!.receipt).toEqual({ stored: [at(0)], rejected: [] });
    expect(await rows()).toBe(1);
  });

  it('sends no receipt for a failed write, and one once the redelivered message commits', async () => {
    const home = await seedHousehold(database.db, { 'plug-1': 'smart_plug' });
    let failuresLeft = 1;
    await startWorker((...args) => (failuresLeft-- > 0 ? Promise.reject(new Error('database is down')) : writeIngestBatch(...args))).ready;
    const deviceRows = async () =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from device_readings where device_id = ${home.devices['plug-1']!.id}::uuid`))[0]!.n;
    const { client, receipts } = await device(deviceTopic(home.household.id, 'plug-1', 'receipts'), deviceRows);

    await client.publishAsync(deviceTopic(home.household.id, 'plug-1', 'reading'), JSON.stringify({ ts: at(0), powerW: 40 }), { qos: 1 });
    await expect.poll(() => receipts.length, { timeout: 15_000 }).toBe(1);
    expect(failuresLeft).toBe(-1);
    expect(receipts[0]!.receipt).toEqual({ stored: [at(0)], rejected: [] });
    expect(await receipts[0]!.rowsThen).toBe(1);
  });
});
