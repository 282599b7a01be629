import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConnectionSchema } from '@peakwise/contracts/device-connection.contract';
import type { PairedDevice } from '@peakwise/contracts/device-management.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { memberWithHousehold } from '../modules/energy/energy.test-helper';
import { connectDevice, startTestBroker, startTestIngest, type TestBroker } from '../test/test-broker';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { asMember, type Member } from '../test/test-session';
import type { MqttIngest } from './mqtt-ingest';
import { storeMqttMessages } from './mqtt-message-store';
import { pairDevice } from '../modules/devices/device-pairing.test-helper';

/*
 * A first-generation Shelly EM at a split-phase panel, one clamp per leg, paired from the app.
 * Its firmware publishes plain numbers on shellies/<MQTT id>/emeter/<channel>/<value>
 * (https://shelly-api-docs.shelly.cloud/gen1/#shelly-em-mqtt: power in W, total and
 * total_returned in Wh), with the MQTT id the pairing screen showed as the client id. The
 * embedded broker here whatever the run, for its access rule; Mosquitto's is in
 * modules/devices/shelly-em-gen1.mosquitto.test.ts.
 */

let database: Database;
let t: TestApp;
let broker: TestBroker;
let worker: MqttIngest;
const clients: MqttClient[] = [];
const log = createLogger({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
  broker = await startTestBroker(database.db, { embedded: true });
  worker = await startTestIngest(database.db, broker);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await worker.close();
  await broker.stop();
  await t.close();
  await database.close();
});

const pairGen1 = (member: Member, extra: Record<string, unknown> = {}): Promise<PairedDevice> =>
  pairDevice(t, member, { name: 'Main panel', kind: 'power', family: 'shellyEmGen1', ...extra });

async function connectMeter(paired: PairedDevice): Promise<MqttClient> {
  const c = paired.credential;
  const client = await connectDevice(broker.url, { username: c.mqttUsername, password: c.token });
  clients.push(client);
  return client;
}

const store = (topic: string, value: string, receivedAt: Date) => storeMqttMessages({ db: database.db, log, now: receivedAt }, [{ topic, payload: Buffer.from(value), receivedAt }]);

const meterRows = async (householdId: string) =>
  rowsOf<{ ts: Date | string; production_kwh: number; consumption_kwh: number; grid_import_kwh: number; grid_export_kwh: number }>(
    await database.db.execute(sql`select ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh from meter_readings where household_id = ${householdId}::uuid order by ts`),
  );
const livePower = async (householdId: string) =>
  rowsOf<{ power_w: number }>(await database.db.execute(sql`select power_w from household_live_power where household_id = ${householdId}::uuid`))[0]?.power_w;
const channels = async (deviceId: string) =>
  rowsOf<{ channel: number; power_w: number | null; total_wh: number | null }>(
    await database.db.execute(sql`select channel, power_w, total_wh from shelly_gen1_channels where device_id = ${deviceId}::uuid order by channel`),
  );

/** A boundary far enough behind the clock that two reports five minutes apart are both in the past. */
const pastBoundary = () => Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS - 3 * INTERVAL_MS;

describe('a first-generation Shelly EM as the household meter', () => {
  it('sums both legs’ totals at two boundaries into one interval, and a later report in the interval changes nothing', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pairGen1(home.member);
    expect(paired.device.meterClamps).toBe(2);
    const id = paired.credential.mqttClientId;
    const b = pastBoundary();
    const at = (ms: number) => new Date(ms);
    for (const [topic, value, ms] of [
      [`shellies/${id}/emeter/0/total`, '1000000.0', b + 10_000],
      [`shellies/${id}/emeter/0/total_returned`, '500.0', b + 10_100],
      [`shellies/${id}/emeter/1/total`, '2000000.0', b + 10_200],
      [`shellies/${id}/emeter/1/total_returned`, '0.0', b + 10_300],
    ] as const) {
      expect((await store(topic, value, at(ms)))[0]!.outcome).toBe('stored');
    }
    expect(await meterRows(home.household.id)).toEqual([]);
    for (const [topic, value, ms] of [
      [`shellies/${id}/emeter/0/total`, '1000150.5', b + INTERVAL_MS + 10_000],
      [`shellies/${id}/emeter/0/total_returned`, '512.25', b + INTERVAL_MS + 10_100],
      [`shellies/${id}/emeter/1/total`, '2000120.0', b + INTERVAL_MS + 10_200],
      [`shellies/${id}/emeter/1/total_returned`, '0.0', b + INTERVAL_MS + 10_300],
      // 30 s later, still in the same interval: not a second boundary.
      [`shellies/${id}/emeter/0/total`, '1000190.0', b + INTERVAL_MS + 40_000],
    ] as const) {
      await store(topic, value, at(ms));
    }

    const rows = await meterRows(home.household.id);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.ts).getTime()).toBe(b);
    // By hand: leg 1 imported 1,000,150.5 − 1,000,000.0 = 150.5 Wh, leg 2 2,000,120.0 − 2,000,000.0 = 120 Wh:
    // 270.5 Wh = 0.2705 kWh. Returned: 512.25 − 500 = 12.25 Wh = 0.01225 kWh (leg 2 none).
    expect(rows[0]!.grid_import_kwh).toBeCloseTo(0.2705, 9);
    expect(rows[0]!.consumption_kwh).toBeCloseTo(0.2705, 9);
    expect(rows[0]!.grid_export_kwh).toBeCloseTo(0.01225, 9);
    expect(rows[0]!.production_kwh).toBeCloseTo(0.01225, 9);
  });

  it('reads only channel 0 when the member said one clamp, and refuses an id no meter has', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pairGen1(home.member, { meterClamps: 1 });
    const id = paired.credential.mqttClientId;
    const now = new Date();
    expect((await store(`shellies/${id}/emeter/1/power`, '300', now))[0]).toMatchObject({ outcome: 'ignored' });
    await store(`shellies/${id}/emeter/0/power`, '1200.5', now);
    expect(await livePower(home.household.id)).toBe(1200.5);

    const [unknown] = await store(`shellies/shellyem-B8A3F1-${home.household.id.slice(0, 8)}/emeter/0/power`, '99', new Date(now.getTime() + 1_000));
    expect(unknown).toMatchObject({ outcome: 'refused', reason: 'unknown_device' });
    const [notANumber] = await store(`shellies/${id}/emeter/0/power`, '{"power":5}', new Date(now.getTime() + 1_000));
    expect(notANumber).toMatchObject({ outcome: 'refused', reason: 'invalid_payload' });
    expect(await livePower(home.household.id)).toBe(1200.5);
  });

  it('is no longer read once the member says it is not one (meterClamps null)', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pairGen1(home.member);
    const res = await t.app.request(`/api/devices/${paired.device.id}`, { method: 'PATCH', headers: asMember(home.member), body: JSON.stringify({ meterClamps: null }) });
    expect(res.status).toBe(200);
    const [outcome] = await store(`shellies/${paired.credential.mqttClientId}/emeter/0/power`, '10', new Date());
    expect(outcome).toMatchObject({ outcome: 'refused', reason: 'unknown_device' });
    const bad = await t.app.request(`/api/devices/${paired.device.id}`, { method: 'PATCH', headers: asMember(home.member), body: JSON.stringify({ meterClamps: 3 }) });
    expect(bad.status).toBe(400);
  });
});

describe('a first-generation Shelly EM set up with what the pairing screen shows, over MQTT', () => {
  it('logs in, and both legs make the power now and, from a known earlier boundary, the interval', async () => {
    const home = await memberWithHousehold(t);
    const paired = await pairGen1(home.member);
    const id = paired.credential.mqttClientId;
    const meter = await connectMeter(paired);

    // Gen1 firmware publishes every value on its own topic.
    await meter.publishAsync(`shellies/${id}/emeter/0/power`, '812.5', { qos: 1 });
    await meter.publishAsync(`shellies/${id}/emeter/1/power`, '667.25', { qos: 1 });
    // By hand: 812.5 + 667.25 = 1,479.75 W, the whole home's draw, and the meter's own "now".
    await expect.poll(() => livePower(home.household.id), { timeout: 5_000 }).toBe(1479.75);
    const device = async () =>
      rowsOf<{ live_power_w: number | null; last_seen_at: Date | null }>(await database.db.execute(sql`select live_power_w, last_seen_at from devices where id = ${paired.device.id}::uuid`))[0];
    expect((await device())?.live_power_w).toBe(1479.75);

    // Not across a boundary while publishing: wait for the next interval if this one is nearly over.
    const untilNext = INTERVAL_MS - (Date.now() % INTERVAL_MS);
    if (untilNext < 10_000) await new Promise((resolve) => setTimeout(resolve, untilNext + 500));
    const boundary = Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS;
    // The totals the meter had at the boundary before, as an earlier report would have left them.
    await database.db.execute(sql`insert into meter_counters (device_id, ts, import_kwh, export_kwh) values (${paired.device.id}::uuid, ${new Date(boundary - INTERVAL_MS).toISOString()}::timestamptz, 3000, 0.5)`);
    for (const [topic, value] of [
      [`shellies/${id}/emeter/0/total`, '1800000.5'],
      [`shellies/${id}/emeter/0/total_returned`, '400'],
      [`shellies/${id}/emeter/1/total`, '1200100.0'],
      [`shellies/${id}/emeter/1/total_returned`, '125.5'],
    ] as const) {
      await meter.publishAsync(topic, value, { qos: 1 });
    }
    // By hand: 1,800,000.5 + 1,200,100.0 = 3,000,100.5 Wh = 3,000.1005 kWh, less 3,000 = 0.1005 kWh
    // imported; 400 + 125.5 = 525.5 Wh = 0.5255 kWh, less 0.5 = 0.0255 kWh returned.
    await expect.poll(async () => (await meterRows(home.household.id)).length, { timeout: 5_000 }).toBe(1);
    const [row] = await meterRows(home.household.id);
    expect(new Date(row!.ts).getTime()).toBe(boundary - INTERVAL_MS);
    expect(row!.grid_import_kwh).toBeCloseTo(0.1005, 9);
    expect(row!.grid_export_kwh).toBeCloseTo(0.0255, 9);
  });

  it('refuses another home’s id and a wrong id on the right login, and they change nothing', async () => {
    const mine = await memberWithHousehold(t);
    const theirs = await memberWithHousehold(t);
    const a = await pairGen1(mine.member);
    const b = await pairGen1(theirs.member);
    const meter = await connectMeter(a);

    await meter.publishAsync(`shellies/${b.credential.mqttClientId}/emeter/0/power`, '5000', { qos: 1 });
    await meter.publishAsync(`shellies/${b.credential.mqttClientId}/emeter/0/total`, '10', { qos: 1 });
    // The device id without the household part the pairing screen adds: the firmware's own kind of id.
    await meter.publishAsync(`shellies/${a.device.externalId}/emeter/0/power`, '600', { qos: 1 });
    // Then what it should send; one connection's messages are handled in order.
    await meter.publishAsync(`shellies/${a.credential.mqttClientId}/emeter/0/power`, '100', { qos: 1 });
    await meter.publishAsync(`shellies/${a.credential.mqttClientId}/emeter/1/power`, '50', { qos: 1 });
    await expect.poll(() => livePower(mine.household.id), { timeout: 5_000 }).toBe(150);

    expect(await channels(b.device.id)).toEqual([]);
    expect(await livePower(theirs.household.id)).toBeUndefined();
    expect(await channels(a.device.id)).toEqual([
      { channel: 0, power_w: 100, total_wh: null },
      { channel: 1, power_w: 50, total_wh: null },
    ]);
    // What the pairing screen shows when nothing arrives: the firmware's own tree, not ours.
    // (Recorded beside the broker's answer, never before it: polled.)
    const refusal = async () => {
      const res = await t.app.request(`/api/devices/${a.device.id}/connection`, { headers: asMember(mine.member) });
      return deviceConnectionSchema.parse(await res.json()).refusal;
    };
    await expect.poll(async () => (await refusal())?.reason, { timeout: 5_000 }).toBe('vendor_default_topic');
    expect((await refusal())?.topic).toMatch(/^shellies\//);
  });
});
