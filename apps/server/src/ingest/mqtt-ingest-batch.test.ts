import type { MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { getLivePower } from '../modules/live/live-power.repository';
import { connectDevice, startTestBroker, startTestIngest, type TestBroker } from '../test/test-broker';
import { createTestDatabase } from '../test/test-database';
import { seedHousehold, type HouseholdFixture } from '../test/household-fixture';
import { writeIngestBatch, type IngestWrite } from './ingest-batch.service';
import type { IngestEvent, MqttIngest } from './mqtt-ingest';
import { meterPowerTopic, meterTopic } from '../telemetry/topics';

const T0 = Date.parse('2026-01-15T17:00:00Z');
const at = (i: number) => new Date(T0 + i * 300_000).toISOString();
const meter = (i: number) => ({ ts: at(i), productionKwh: 0.1, consumptionKwh: 0.3, gridImportKwh: 0.2, gridExportKwh: 0 });
// Long enough that every message published in one go lands in the same batch.
const ONE_BATCH = { lingerMs: 300 };

type Packet = { cmd: string; messageId?: number };

describe('MQTT ingest: many messages per transaction', () => {
  let database: Database;
  let broker: TestBroker;
  let a: HouseholdFixture;
  let b: HouseholdFixture;
  let worker: MqttIngest | undefined;
  const devices: MqttClient[] = [];
  let events: IngestEvent[];
  /** Outgoing packets of the worker and the writes it made, in the order they happened. */
  let log: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    broker = await startTestBroker(database.db);
  });
  afterAll(async () => {
    await broker.stop();
    await database.close();
  });
  beforeEach(async () => {
    events = [];
    log = [];
    a = await seedHousehold(database.db);
    b = await seedHousehold(database.db);
  });
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((d) => d.endAsync(true)));
    await worker?.close();
    worker = undefined;
  });

  async function start(store: typeof writeIngestBatch) {
    worker = await startTestIngest(database.db, broker, { onEvent: (e) => events.push(e), retryDelayMs: 100, batch: ONE_BATCH, store });
    worker.connection.client.on('packetsend', (p: Packet) => {
      if (p.cmd === 'puback') log.push(`puback ${p.messageId}`);
    });
  }
  /** writeIngestBatch, logging each write; `fail` says which calls (0-based) throw instead. */
  function recordingStore(fail: (call: number) => boolean = () => false) {
    const writes: IngestWrite[] = [];
    const store: typeof writeIngestBatch = async (db, write, now) => {
      const call = writes.push(write) - 1;
      if (fail(call)) {
        log.push(`failed write ${call}`);
        throw new Error('database is down');
      }
      const result = await writeIngestBatch(db, write, now);
      log.push(`commit ${call}`);
      return result;
    };
    return { store, writes };
  }
  async function device(h: HouseholdFixture) {
    const client = await connectDevice(broker.url, broker.external ? {} : { username: h.household.id, password: h.credential.token });
    devices.push(client);
    return client;
  }
  const publish = (client: MqttClient, topic: string, payload: unknown) => client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
  const meterRows = async (householdId: string) =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${householdId}::uuid`))[0]!.n;
  const dailyIntervals = async (householdId: string) =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select coalesce(sum(interval_count), 0)::int as n from meter_daily where household_id = ${householdId}::uuid`))[0]!.n;

  it('writes messages of several households in one transaction and acknowledges each only after its commit, in arrival order', async () => {
    const { store, writes } = recordingStore();
    await start(store);
    const [da, db] = [await device(a), await device(b)];
    await Promise.all([...[0, 1, 2, 3, 4].map((i) => publish(da, meterTopic(a.household.id), meter(i))), ...[0, 1, 2].map((i) => publish(db, meterTopic(b.household.id), meter(i)))]);
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(8);

    expect(writes).toHaveLength(1);
    expect(writes[0]!.readings).toHaveLength(8);
    expect(events.every((e) => e.acked && e.outcome === 'stored' && e.result?.accepted === 1)).toBe(true);
    // Every PUBACK after the commit, one per message, in the order the messages arrived.
    expect(log).toEqual(['commit 0', ...events.map((e) => `puback ${e.messageId}`)]);
    expect([await meterRows(a.household.id), await meterRows(b.household.id)]).toEqual([5, 3]);
    expect([await dailyIntervals(a.household.id), await dailyIntervals(b.household.id)]).toEqual([5, 3]);
  });

  it('a database failure acknowledges none of the batch; the redelivered messages are stored once each', async () => {
    const { store, writes } = recordingStore((call) => call === 0);
    await start(store);
    const da = await device(a);
    await Promise.all([0, 1, 2, 3].map((i) => publish(da, meterTopic(a.household.id), meter(i))));
    await expect.poll(() => events.filter((e) => e.acked).length, { timeout: 15_000 }).toBe(4);

    const failed = events.filter((e) => !e.acked);
    expect(writes[0]!.readings).toHaveLength(4);
    expect(failed.map((e) => e.outcome)).toEqual(['failed', 'failed', 'failed', 'failed']);
    // Nothing was acknowledged before the redelivered copies committed, and each message once after.
    expect(log.indexOf('failed write 0')).toBe(0);
    const firstAck = log.findIndex((entry) => entry.startsWith('puback'));
    expect(log.slice(0, firstAck).some((entry) => entry.startsWith('commit'))).toBe(true);
    expect(log.filter((entry) => entry.startsWith('puback')).sort()).toEqual(failed.map((e) => `puback ${e.messageId}`).sort());
    expect(await meterRows(a.household.id)).toBe(4);
    expect(await dailyIntervals(a.household.id)).toBe(4);
  });

  it('a batch mixing good and unusable messages stores the good ones and acknowledges every one', async () => {
    const { store, writes } = recordingStore();
    await start(store);
    const [da, db] = [await device(a), await device(b)];
    const ts = new Date(Math.floor(Date.now() / 1000) * 1000);
    await Promise.all([
      publish(da, meterTopic(a.household.id), meter(0)),
      publish(da, meterTopic(a.household.id), 'not json'),
      publish(da, meterTopic(a.household.id), { ...meter(1), consumptionKwh: -1 }),
      publish(da, meterTopic(a.household.id), { readings: [meter(2), { ...meter(3), productionKwh: 'NaN' }] }),
      publish(db, meterTopic(b.household.id), meter(0)),
      publish(db, meterPowerTopic(b.household.id), { ts: ts.toISOString(), powerW: 640 }),
      publish(db, meterPowerTopic(b.household.id), { ts: new Date(ts.getTime() + 3_600_000).toISOString(), powerW: 1 }),
    ]);
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(7);

    expect(writes).toHaveLength(1);
    expect(events.every((e) => e.acked)).toBe(true);
    const outcome = (e: IngestEvent) => [e.outcome, e.result ? [e.result.accepted, e.result.rejected.map((r) => r.reason)] : e.detail?.split(':')[0]];
    expect(events.map(outcome).sort()).toEqual(
      [
        ['stored', [1, []]],
        ['refused', 'The message is not JSON.'],
        ['stored', [0, ['negative']]],
        ['stored', [1, ['not_finite']]],
        ['stored', [1, []]],
        ['stored', 'stored'],
        ['refused', 'future_timestamp'],
      ].sort(),
    );
    expect(log.filter((entry) => entry.startsWith('puback'))).toHaveLength(7);
    expect([await meterRows(a.household.id), await meterRows(b.household.id)]).toEqual([2, 1]);
    expect(await getLivePower(database.db, b.household.id)).toEqual({ ts, powerW: 640 });
  });

  it('the same reading twice in one batch is stored once; a correction after it wins', async () => {
    const { store } = recordingStore();
    await start(store);
    const da = await device(a);
    await Promise.all([
      publish(da, meterTopic(a.household.id), meter(0)),
      publish(da, meterTopic(a.household.id), meter(0)),
      publish(da, meterTopic(a.household.id), { ...meter(1), consumptionKwh: 0.5 }),
      publish(da, meterTopic(a.household.id), { ...meter(1), consumptionKwh: 0.7 }),
    ]);
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(4);
    const results = events.map((e) => e.result!);
    expect(results.reduce((n, r) => n + r.accepted, 0)).toBe(2);
    expect(results.reduce((n, r) => n + r.duplicates, 0)).toBe(2);
    const rows = rowsOf<{ c: number }>(await database.db.execute(sql`select consumption_kwh as c from meter_readings where household_id = ${a.household.id}::uuid order by ts`));
    expect(rows.map((r) => r.c)).toEqual([0.3, 0.7]);
  });
});
