import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { createDevice } from '../modules/devices/devices.repository';
import { ensureHouseholdForUser } from '../modules/households/household.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { createMember } from '../test/test-session';
import { shellyTopicPrefix } from '../telemetry/topics';
import { pairedDeviceSchema } from '@peakwise/contracts/device-management.contract';
import { asMember } from '../test/test-session';
import { connectDevice, startTestBroker, startTestIngest, type TestBroker } from '../test/test-broker';
import type { MqttIngest } from './mqtt-ingest';
import { storeMqttMessages } from './mqtt-message-store';

/*
 * A Shelly Pro 3EM on the household's Shelly prefix. Shapes from
 * https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/EM (status/em:0) and
 * https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/EMData (status/emdata:0: Wh totals).
 * Stored through the same path the broker and the worker use, with the arrival time set, so two
 * reports can be five minutes apart.
 */

let database: Database;
let t: TestApp;
let broker: TestBroker;
let worker: MqttIngest;
const log = createLogger({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
  // The embedded broker, or Mosquitto under test:pg (TEST_MQTT_URL).
  broker = await startTestBroker(database.db);
  worker = await startTestIngest(database.db, broker);
});
afterAll(async () => {
  await worker.close();
  await broker.stop();
  await t.close();
  await database.close();
});

async function homeWithMeter() {
  const member = await createMember(t.app);
  const household = await ensureHouseholdForUser(database.db, member.userId);
  const device = await createDevice(database.db, household.id, { externalId: 'shellypro3em-a1b2c3', name: 'Main panel', kind: 'power' });
  return { householdId: household.id, device, prefix: shellyTopicPrefix(household.id, 'shellypro3em-a1b2c3') };
}

const emdata = (totalActWh: number, totalActRetWh: number) => ({
  id: 0,
  a_total_act_energy: 1000,
  a_total_act_ret_energy: 0,
  b_total_act_energy: 1000,
  b_total_act_ret_energy: 0,
  c_total_act_energy: 1000,
  c_total_act_ret_energy: 0,
  total_act: totalActWh,
  total_act_ret: totalActRetWh,
});

const store = (topic: string, payload: unknown, receivedAt: Date) =>
  storeMqttMessages({ db: database.db, log, now: receivedAt }, [{ topic, payload: Buffer.from(JSON.stringify(payload)), receivedAt }]);

const meterRows = async (householdId: string) =>
  rowsOf<{ ts: Date | string; production_kwh: number; consumption_kwh: number; grid_import_kwh: number; grid_export_kwh: number }>(
    await database.db.execute(
      sql`select ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh from meter_readings where household_id = ${householdId}::uuid order by ts`,
    ),
  );

describe('a Shelly Pro 3EM as the household meter', () => {
  it('turns two emdata:0 reports five minutes apart into one interval of their difference', async () => {
    const home = await homeWithMeter();
    const boundary = Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS - 3 * INTERVAL_MS;
    // 12 s and 5 min 12 s after a boundary; a report 40 s later in the second interval changes nothing.
    expect((await store(`${home.prefix}/status/emdata:0`, emdata(2_345_678.12, 10_000.5), new Date(boundary + 12_000)))[0]!.outcome).toBe('stored');
    expect(await meterRows(home.householdId)).toEqual([]);
    await store(`${home.prefix}/status/emdata:0`, emdata(2_345_820.37, 10_031.75), new Date(boundary + INTERVAL_MS + 12_000));
    await store(`${home.prefix}/status/emdata:0`, emdata(2_345_900, 10_040), new Date(boundary + INTERVAL_MS + 52_000));

    const rows = await meterRows(home.householdId);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.ts).getTime()).toBe(boundary);
    // By hand: 2,345,820.37 − 2,345,678.12 = 142.25 Wh imported; 10,031.75 − 10,000.5 = 31.25 Wh exported.
    expect(rows[0]!.grid_import_kwh).toBeCloseTo(0.14225, 9);
    expect(rows[0]!.consumption_kwh).toBeCloseTo(0.14225, 9);
    expect(rows[0]!.grid_export_kwh).toBeCloseTo(0.03125, 9);
    expect(rows[0]!.production_kwh).toBeCloseTo(0.03125, 9);
  });

  it('leaves the interval missing when the counter went backwards, and takes the new total as the baseline', async () => {
    const home = await homeWithMeter();
    const boundary = Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS - 3 * INTERVAL_MS;
    await store(`${home.prefix}/status/emdata:0`, emdata(500_000, 0), new Date(boundary + 5_000));
    await store(`${home.prefix}/status/emdata:0`, emdata(12, 0), new Date(boundary + INTERVAL_MS + 5_000));
    expect(await meterRows(home.householdId)).toEqual([]);
    await store(`${home.prefix}/status/emdata:0`, emdata(62, 0), new Date(boundary + 2 * INTERVAL_MS + 5_000));
    const rows = await meterRows(home.householdId);
    expect(rows.map((r) => [new Date(r.ts).getTime(), r.grid_import_kwh])).toEqual([[boundary + INTERVAL_MS, 0.05]]);
  });

  it('shows em:0 total_act_power as the household’s power right now, none below zero, and refuses an unpaired meter', async () => {
    const home = await homeWithMeter();
    const livePower = async () =>
      rowsOf<{ power_w: number }>(await database.db.execute(sql`select power_w from household_live_power where household_id = ${home.householdId}::uuid`))[0]?.power_w;
    const em = (total: number) => ({ id: 0, a_act_power: total / 3, b_act_power: total / 3, c_act_power: total / 3, total_act_power: total, total_current: 12.1 });
    await store(`${home.prefix}/status/em:0`, em(2_480.5), new Date());
    expect(await livePower()).toBe(2_480.5);
    await store(`${home.prefix}/status/em:0`, em(-900), new Date(Date.now() + 1_000));
    expect(await livePower()).toBe(0);

    const [unknown] = await store(`${shellyTopicPrefix(home.householdId, 'someone-else')}/status/em:0`, em(100), new Date(Date.now() + 2_000));
    expect(unknown).toMatchObject({ outcome: 'refused', reason: 'unknown_device' });
    expect(await livePower()).toBe(0);
  });
});

describe('pairing a Shelly Pro 3EM with the values the pairing screen shows', () => {
  it('connects with them and its em:0 and emdata:0 reach the household: power now, and the totals as the baseline', async () => {
    const member = await createMember(t.app);
    const household = await ensureHouseholdForUser(database.db, member.userId);
    const res = await t.app.request('/api/devices', {
      method: 'POST',
      headers: asMember(member),
      body: JSON.stringify({ externalId: 'shellypro3em-0cb815', name: 'Main panel', kind: 'power' }),
    });
    expect(res.status).toBe(201);
    const { device, credential } = pairedDeviceSchema.parse(await res.json());
    const meter = await connectDevice(broker.url, broker.external ? {} : { username: credential.mqttUsername, password: credential.token });
    try {
      await meter.publishAsync(`${credential.shellyMqttPrefix}/status/em:0`, JSON.stringify({ id: 0, a_act_power: 800, b_act_power: 900, c_act_power: 0, total_act_power: 1700 }), { qos: 1 });
      await meter.publishAsync(`${credential.shellyMqttPrefix}/status/emdata:0`, JSON.stringify(emdata(123_456.78, 9.5)), { qos: 1 });
      const live = async () =>
        rowsOf<{ power_w: number }>(await database.db.execute(sql`select power_w from household_live_power where household_id = ${household.id}::uuid`))[0]?.power_w;
      await expect.poll(live, { timeout: 5_000 }).toBe(1700);
      const counters = async () =>
        rowsOf<{ import_kwh: number; export_kwh: number }>(await database.db.execute(sql`select import_kwh, export_kwh from meter_counters where device_id = ${device.id}::uuid`));
      await expect.poll(counters, { timeout: 5_000 }).toEqual([{ import_kwh: 123.45678, export_kwh: 0.0095 }]);
    } finally {
      await meter.endAsync(true);
    }
  });
});
