import mqtt from 'mqtt';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { connectDevice } from '../test/test-broker';
import { createTestDatabase } from '../test/test-database';
import { seedHousehold, type HouseholdFixture } from '../test/household-fixture';
import { createBrokerIngest, topicMatches } from './broker-ingest';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { writeIngestBatch } from './ingest-batch.service';
import { authenticateMqtt } from './mqtt-auth';
import { meterReceiptTopic, meterTopic, shellyTopicPrefix } from '../telemetry/topics';

const logger = createLogger({ level: 'silent' });
const T0 = Date.parse('2026-01-15T17:00:00Z');
const meter = (i: number, consumptionKwh = 0.3) => ({
  ts: new Date(T0 + i * 300_000).toISOString(),
  productionKwh: 0.1,
  consumptionKwh,
  gridImportKwh: 0.2,
  gridExportKwh: 0,
});

describe('the embedded broker stores a device message before its PUBACK (decision 062)', () => {
  let database: Database;
  let broker: EmbeddedBroker;
  let home: HouseholdFixture;
  /** Calls that fail before the real write runs; set per test. */
  let failuresLeft = 0;
  let writes = 0;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const ingest = createBrokerIngest({
      db: database.db,
      logger,
      store: (...args) => {
        writes += 1;
        return failuresLeft-- > 0 ? Promise.reject(new Error('database is down')) : writeIngestBatch(...args);
      },
    });
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      logger,
      authenticate: (username, password) => authenticateMqtt(database.db, username, password),
      storeBeforeAck: ingest.storeBeforeAck,
    });
  });
  afterAll(async () => {
    await broker.stop();
    await database.close();
  });
  beforeEach(async () => {
    failuresLeft = 0;
    writes = 0;
    home = await seedHousehold(database.db, { 'plug-1': 'smart_plug' });
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  const login = () => ({ username: home.household.id, password: home.credential.token });
  const stored = async () =>
    rowsOf<{ ts: string; consumption_kwh: string }>(
      await database.db.execute(sql`select ts::text, consumption_kwh::text from meter_readings where household_id = ${home.household.id}::uuid order by ts`),
    );

  it('has the reading committed by the time the device holds its PUBACK', async () => {
    const device = await connectDevice(broker.url, login());
    closers.push(() => device.endAsync(true));
    // No ingest worker is subscribed: the only way in is the broker's own store.
    await device.publishAsync(meterTopic(home.household.id), JSON.stringify({ readings: [meter(0), meter(1, 0.45)] }), { qos: 1 });
    const rows = await stored();
    expect(rows.map((r) => Number(r.consumption_kwh))).toEqual([0.3, 0.45]);
  });

  it('sends the same receipt as over an external broker once the readings are stored (decision 065)', async () => {
    const device = await connectDevice(broker.url, login());
    closers.push(() => device.endAsync(true));
    const granted = await device.subscribeAsync(meterReceiptTopic(home.household.id), { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1]);
    const receipt = new Promise<{ payload: unknown; rows: number }>((resolve) =>
      device.once('message', (_topic, payload) => void stored().then((rows) => resolve({ payload: JSON.parse(payload.toString('utf8')), rows: rows.length }))),
    );
    const tooLarge = { ...meter(1), consumptionKwh: 500 };
    await device.publishAsync(meterTopic(home.household.id), JSON.stringify({ readings: [meter(0), tooLarge] }), { qos: 1 });
    expect(await receipt).toEqual({ payload: { stored: [meter(0).ts], rejected: [{ ts: tooLarge.ts, reason: 'too_large' }] }, rows: 1 });
  });

  it('acknowledges a message that can never be stored, storing nothing', async () => {
    const device = await connectDevice(broker.url, login());
    closers.push(() => device.endAsync(true));
    await device.publishAsync(meterTopic(home.household.id), 'not json', { qos: 1 });
    expect(await stored()).toEqual([]);
  });

  it('withholds the PUBACK while the database fails; the gateway sends again and the reading is stored once', async () => {
    failuresLeft = 2;
    const pubacks: number[] = [];
    const device = mqtt.connect(broker.url, { clientId: `gw-${randomBytes(4).toString('hex')}`, clean: false, reconnectPeriod: 100, ...login() });
    closers.push(() => device.endAsync(true));
    device.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback') pubacks.push(packet.messageId!);
    });
    await new Promise<void>((resolve) => device.once('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const delivered = device.publishAsync(meterTopic(home.household.id), JSON.stringify(meter(0)), { qos: 1 });

    await closed; // the failed write dropped the connection instead of acknowledging
    expect(pubacks).toEqual([]);
    expect(await stored()).toEqual([]);

    await delivered; // re-sent after each reconnect until a write committed
    expect(writes).toBe(3);
    expect(pubacks).toHaveLength(1);
    expect((await stored()).map((r) => Number(r.consumption_kwh))).toEqual([0.3]);
  });

  it('forwards a device topic that ingest does not read without storing anything', async () => {
    const listener = await mqtt.connectAsync(broker.url, { clientId: 'svc-test', reconnectPeriod: 0, ...broker.serviceCredentials });
    closers.push(() => listener.endAsync(true));
    const online = `${shellyTopicPrefix(home.household.id, 'plug-1')}/online`;
    await listener.subscribeAsync(online, { qos: 1 });
    const heard = new Promise<string>((resolve) => listener.once('message', (_topic, payload) => resolve(payload.toString())));
    const device = await connectDevice(broker.url, login());
    closers.push(() => device.endAsync(true));
    await device.publishAsync(online, 'true', { qos: 1 });
    expect(await heard).toBe('true');
    expect(writes).toBe(0);
  });
});

describe('topicMatches', () => {
  it('matches one level per +, and only whole levels', () => {
    expect(topicMatches('peakwise/+/meter', 'peakwise/h1/meter')).toBe(true);
    expect(topicMatches('peakwise/+/meter', 'peakwise/h1/meter/power')).toBe(false);
    expect(topicMatches('peakwise/+/devices/+/reading', 'peakwise/h1/devices/d1/reading')).toBe(true);
    expect(topicMatches('peakwise/+/devices/+/reading', 'peakwise/h1/devices/d1/state')).toBe(false);
    expect(topicMatches('peakwise/+/meter', 'peakwise/meter')).toBe(false);
  });
});
