import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { MqttIngest } from '../ingest/mqtt-ingest';
import { createLogger } from '../lib/logger';
import { rowsOf } from '../db/rows';
import { ensureDemoHousehold } from './demo-household';
import { listDevices } from '../modules/devices/devices.repository';
import { createLiveHub, type LiveHub, type LiveSubscriber } from '../modules/live/live-hub';
import { seedHousehold } from '../test/household-fixture';
import { connectDevice, startTestBroker, startTestIngest, type TestBroker } from '../test/test-broker';
import { createTestDatabase } from '../test/test-database';
import { deviceTopic } from '../telemetry/topics';
import { startDemoRunner } from './demo-runner';
import { simulateInterval } from './household-simulator';
import { DEMO_HOUSEHOLD, deviceIds } from './household-profile';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';

const logger = createLogger({ level: 'silent' });
const DEVICES = deviceIds(DEMO_HOUSEHOLD).length;

describe('demo runner (in-process, real MQTT ingestion)', () => {
  let database: Database;
  let broker: TestBroker;
  let ingest: MqttIngest;
  let hub: LiveHub;

  beforeAll(async () => {
    database = await createTestDatabase();
    broker = await startTestBroker(database.db);
    ingest = await startTestIngest(database.db, broker);
    hub = createLiveHub(database, logger);
  });
  afterAll(async () => {
    await hub.close();
    await ingest.close();
    await broker.stop();
    await database.close();
  });

  const count = async (table: 'meter_readings' | 'device_readings', householdId: string) => {
    const join = table === 'device_readings' ? sql`join devices d on d.id = t.device_id where d.household_id = ${householdId}::uuid` : sql`where t.household_id = ${householdId}::uuid`;
    return rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} t ${join}`))[0]!.n;
  };

  /** Device readings the simulator sends for the meter intervals stored (devices off the network send none). */
  const expectedDeviceReadings = async (householdId: string) => {
    const stored = rowsOf<{ ms: number }>(
      await database.db.execute(sql`select (extract(epoch from ts) * 1000)::float8 as ms from meter_readings where household_id = ${householdId}::uuid`),
    );
    return stored.reduce((n, { ms }) => n + simulateInterval(DEMO_HOUSEHOLD, new Date(ms), 1).devices.length, 0);
  };

  it('back-fills two days through the ingest worker, resumes without duplicates, and streams live power to the hub', async () => {
    const realMember = await seedHousehold(database.db, { 'their-plug': 'smart_plug' });
    const demo = await ensureDemoHousehold(database.db, 'demo-user', DEMO_HOUSEHOLD, { backfillDays: 2 });
    const householdId = demo.household.id;
    expect((await listDevices(database.db, householdId)).map((d) => d.externalId).sort()).toEqual(deviceIds(DEMO_HOUSEHOLD).sort());

    const power: Parameters<LiveSubscriber>[0][] = [];
    await hub.subscribe(householdId, (event) => power.push(event));

    const first = startDemoRunner({ db: database.db, logger, url: broker.url, householdId, token: demo.token, seed: 1, speed: 1, backfillDays: 2, powerEveryMs: 100 });
    const report = await first.backfilled;
    await first.stop();
    expect(report.intervals).toBe(2 * 288);
    expect(await count('meter_readings', householdId)).toBe(2 * 288);
    // Every device reports every interval except while the simulator has it off the network.
    const expected = await expectedDeviceReadings(householdId);
    expect(expected).toBeGreaterThan(2 * 288 * (DEVICES - 1));
    expect(await count('device_readings', householdId)).toBe(expected);
    const [daily] = rowsOf<{ n: number; kwh: number }>(
      await database.db.execute(sql`select sum(interval_count)::int as n, sum(consumption_kwh)::float8 as kwh from meter_daily where household_id = ${householdId}::uuid`),
    );
    expect(daily!.n).toBe(2 * 288);
    // A Toronto home in any season uses somewhere between 5 and 80 kWh a day.
    expect(daily!.kwh / 2).toBeGreaterThan(5);
    expect(daily!.kwh / 2).toBeLessThan(80);
    await expect.poll(() => power.some((e) => e.event === 'power'), { timeout: 5_000 }).toBe(true);

    // A second start (new credential, the old one revoked) resumes after the newest reading.
    const again = await ensureDemoHousehold(database.db, 'demo-user', DEMO_HOUSEHOLD, { backfillDays: 2 });
    expect(again.household.id).toBe(householdId);
    const second = startDemoRunner({ db: database.db, logger, url: broker.url, householdId, token: again.token, seed: 1, speed: 1, backfillDays: 2, powerEveryMs: 100 });
    const resumed = await second.backfilled;
    await second.stop();
    // Only an interval that ended between the two starts, if any.
    expect(resumed.intervals).toBeLessThanOrEqual(1);
    expect(await count('meter_readings', householdId)).toBe(2 * 288 + resumed.intervals);
    const [rollup] = rowsOf<{ n: number }>(await database.db.execute(sql`select sum(interval_count)::int as n from meter_daily where household_id = ${householdId}::uuid`));
    expect(rollup!.n).toBe(2 * 288 + resumed.intervals);

    // Live: each interval goes out as it ends. The runner's clock is set 1 s before a boundary.
    const live = await ensureDemoHousehold(database.db, 'demo-user-live', DEMO_HOUSEHOLD, { backfillDays: 0 });
    const t0 = Date.now();
    const boundary = Math.floor(t0 / INTERVAL_MS) * INTERVAL_MS - INTERVAL_MS;
    const offset = t0 - boundary + 1_000;
    const streaming = startDemoRunner({
      db: database.db,
      logger,
      url: broker.url,
      householdId: live.household.id,
      token: live.token,
      seed: 1,
      speed: 1,
      backfillDays: 0,
      now: () => Date.now() - offset,
    });
    expect((await streaming.backfilled).intervals).toBe(0);
    await expect.poll(() => count('meter_readings', live.household.id), { timeout: 10_000 }).toBe(1);
    const online = simulateInterval(DEMO_HOUSEHOLD, new Date(boundary - INTERVAL_MS), 1).devices.length;
    await expect.poll(() => count('device_readings', live.household.id), { timeout: 10_000 }).toBe(online);
    await streaming.stop();
    const [stored] = rowsOf<{ ts: string }>(await database.db.execute(sql`select ts::text as ts from meter_readings where household_id = ${live.household.id}::uuid`));
    expect(new Date(stored!.ts).getTime()).toBe(boundary - INTERVAL_MS);

    // The real member's household got nothing.
    expect(await count('meter_readings', realMember.household.id)).toBe(0);
    expect(await count('device_readings', realMember.household.id)).toBe(0);
  });

  it('honours plug commands: the plug reports its new state, then reads zero power; never-switch plugs ignore "off"', async () => {
    const demo = await ensureDemoHousehold(database.db, 'demo-user-plugs', DEMO_HOUSEHOLD, { backfillDays: 0 });
    const householdId = demo.household.id;
    // The runner's clock sits 3 s before an interval boundary, so the interval ending there goes
    // out at its next tick, after the command.
    const t0 = Date.now();
    const boundary = Math.floor(t0 / INTERVAL_MS) * INTERVAL_MS;
    const offset = t0 - boundary + 3_000;
    // Independently: a switchable plug that draws power in that interval when left on.
    const expectedOn = simulateInterval(DEMO_HOUSEHOLD, new Date(boundary - INTERVAL_MS), 1);
    const switchable = new Set(DEMO_HOUSEHOLD.appliances.filter((a) => a.switchable && !a.neverSwitch && a.kind === 'smart_plug').map((a) => a.id));
    const target = expectedOn.devices.find((d) => switchable.has(d.externalId) && (d.powerW ?? 0) > 0);
    expect(target, 'some switchable plug draws power').toBeDefined();
    const fridge = DEMO_HOUSEHOLD.appliances.find((a) => a.neverSwitch)!;

    const runner = startDemoRunner({ db: database.db, logger, url: broker.url, householdId, token: demo.token, seed: 1, speed: 1, backfillDays: 0, now: () => Date.now() - offset });
    await runner.listening;
    const server = await connectDevice(broker.url, broker.service);
    await server.publishAsync(deviceTopic(householdId, target!.externalId, 'command'), JSON.stringify({ on: false, requestId: 'r1' }), { qos: 1 });
    await server.publishAsync(deviceTopic(householdId, fridge.id, 'command'), JSON.stringify({ on: false }), { qos: 1 });
    await server.endAsync(true);

    const relay = async (externalId: string) =>
      rowsOf<{ relay_on: boolean | null }>(
        await database.db.execute(sql`select relay_on from devices where household_id = ${householdId}::uuid and external_id = ${externalId}`),
      )[0]!.relay_on;
    await expect.poll(() => relay(target!.externalId), { timeout: 5_000 }).toBe(false);

    const powerOf = async (externalId: string) =>
      rowsOf<{ power_w: number | null }>(
        await database.db.execute(
          sql`select r.power_w from device_readings r join devices d on d.id = r.device_id where d.household_id = ${householdId}::uuid and d.external_id = ${externalId}`,
        ),
      ).map((r) => r.power_w);
    await expect.poll(() => powerOf(target!.externalId), { timeout: 10_000 }).toHaveLength(1);
    await runner.stop();
    expect(await powerOf(target!.externalId)).toEqual([0]);
    // The fridge kept running as if nothing was asked, and its relay stayed on.
    expect(await powerOf(fridge.id)).toEqual([expectedOn.devices.find((d) => d.externalId === fridge.id)!.powerW]);
    expect(await relay(fridge.id)).not.toBe(false);
  });
});
