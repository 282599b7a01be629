import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { seedHousehold } from '../test/household-fixture';
import { startMosquittoInstance, type MosquittoInstance } from '../test/private-mosquitto';
import { createTestDatabase } from '../test/test-database';
import { meterTopic } from '../telemetry/topics';
import { startMqttIngest } from './mqtt-ingest';
import { freePort } from '../test/local-ports';

const reading = (minutes: number) => ({
  ts: new Date(Date.parse('2026-01-15T17:00:00Z') + minutes * 60_000).toISOString(),
  productionKwh: 0,
  consumptionKwh: 0.3,
  gridImportKwh: 0.3,
  gridExportKwh: 0,
});

/**
 * A Mosquitto of the test's own, killed and restarted from its persistence file: it reports the
 * worker's session as kept but has lost its shared subscription (decision 054). Without the
 * worker subscribing again, nothing published after the restart is ever stored.
 */
describe('MQTT ingest across a broker restart', () => {
  let database: Database;
  let broker: MosquittoInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    broker = await startMosquittoInstance(await freePort());
  });
  afterAll(async () => {
    await broker.destroy();
    await database.close();
  });

  it('stores what is published after Mosquitto is killed and restarted', async () => {
    const home = await seedHousehold(database.db, {});
    const worker = startMqttIngest({
      url: broker.url,
      db: database.db,
      logger: createLogger({ level: 'silent' }),
      clientId: `restart-ingest-${randomBytes(4).toString('hex')}`,
      shareGroup: 'peakwise',
      protocolVersion: 5,
    });
    const device = mqtt.connect(broker.url, { clientId: `restart-device-${randomBytes(4).toString('hex')}`, reconnectPeriod: 200, protocolVersion: 4 });
    device.on('error', () => {});
    const stored = async () =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${home.household.id}::uuid`))[0]!.n;
    try {
      await worker.ready;
      await device.publishAsync(meterTopic(home.household.id), JSON.stringify(reading(0)), { qos: 1 });
      await expect.poll(stored, { timeout: 10_000 }).toBe(1);
      // Mosquitto saves its persistence file on each change; give it that moment before the kill.
      await new Promise((r) => setTimeout(r, 1_500));

      await broker.kill9();
      await broker.start();
      await expect.poll(() => worker.connection.isConnected() && device.connected, { timeout: 10_000 }).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      await device.publishAsync(meterTopic(home.household.id), JSON.stringify(reading(5)), { qos: 1 });
      await expect.poll(stored, { timeout: 10_000 }).toBe(2);
    } finally {
      await device.endAsync(true);
      await worker.close();
    }
  });
});
