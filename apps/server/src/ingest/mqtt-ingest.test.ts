import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { rowsOf } from '../db/rows';
import { issueIngestCredential } from '../modules/devices/ingest-credential.service';
import { getLivePower } from '../modules/live/live-power.repository';
import { connectDevice, startTestBroker, type TestBroker } from '../test/test-broker';
import { createTestDatabase } from '../test/test-database';
import { readingTables, seedHousehold, type HouseholdFixture } from '../test/household-fixture';
import { writeIngestBatch } from './ingest-batch.service';
import { startMqttIngest, type IngestEvent, type MqttIngest } from './mqtt-ingest';
import { deviceTopic, meterPowerTopic, meterTopic, shellyTopicPrefix } from '../telemetry/topics';

const logger = createLogger({ level: 'silent' });
const T0 = Date.parse('2026-01-15T17:00:00Z');
const at = (i: number) => new Date(T0 + i * 300_000).toISOString();
const meter = (i: number, c = 0.3) => ({ ts: at(i), productionKwh: 0.1, consumptionKwh: c, gridImportKwh: 0.2, gridExportKwh: 0 });

describe('MQTT ingest', () => {
  let database: Database;
  let broker: TestBroker;
  let home: HouseholdFixture;
  let worker: MqttIngest | undefined;
  let device: MqttClient | undefined;
  let events: IngestEvent[];

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
    home = await seedHousehold(database.db, { 'plug-1': 'smart_plug', 'heat-pump-1': 'power' });
  });
  afterEach(async () => {
    await device?.endAsync(true);
    await worker?.close();
    device = undefined;
    worker = undefined;
  });

  async function startWorker(store?: typeof writeIngestBatch, target: TestBroker = broker) {
    worker = startMqttIngest({
      url: target.url,
      db: database.db,
      logger,
      clientId: `test-ingest-${randomBytes(4).toString('hex')}`,
      shareGroup: target.shareGroup,
      protocolVersion: target.external ? 5 : 4,
      onEvent: (e) => events.push(e),
      retryDelayMs: 100,
      ...target.service,
      ...(store ? { store } : {}),
    });
    await worker.ready;
  }
  const householdLogin = (h: HouseholdFixture) => (broker.external ? {} : { username: h.household.id, password: h.credential.token });
  const publish = (topic: string, payload: unknown) => device!.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
  const waitForEvents = (n: number) => expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
  const householdRows = async (householdId: string) =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${householdId}::uuid`))[0]!.n;

  it('stores a message once; the same message again (QoS 1) is a duplicate that changes nothing', async () => {
    await startWorker();
    device = await connectDevice(broker.url, householdLogin(home));
    await publish(meterTopic(home.household.id), { readings: [meter(0), meter(1)] });
    await waitForEvents(1);
    expect(events[0]).toMatchObject({ acked: true, outcome: 'stored', result: { accepted: 2, duplicates: 0, rejected: [] } });
    const first = await readingTables(database.db);

    await publish(meterTopic(home.household.id), { readings: [meter(0), meter(1)] });
    await waitForEvents(2);
    expect(events[1]).toMatchObject({ acked: true, outcome: 'stored', result: { accepted: 0, duplicates: 2, rejected: [] } });
    expect(await readingTables(database.db)).toEqual(first);
  });

  it('acknowledges and logs a message that can never be stored, storing nothing', async () => {
    await startWorker();
    device = await connectDevice(broker.url, householdLogin(home));
    await publish(meterTopic(home.household.id), { ...meter(0), consumptionKwh: 'NaN' });
    await publish(meterTopic(home.household.id), 'not json');
    await publish(deviceTopic(home.household.id, 'plug-1', 'reading'), { device: 'heat-pump-1', ts: at(0), powerW: 5 });
    await waitForEvents(3);
    expect(events.map((e) => [e.acked, e.outcome, e.result?.rejected.map((r) => r.reason)])).toEqual([
      [true, 'stored', ['not_finite']],
      [true, 'refused', undefined],
      [true, 'stored', ['unknown_device']],
    ]);
    expect(await householdRows(home.household.id)).toBe(0);
  });

  it('does not acknowledge when the database write fails, and stores the redelivery', async () => {
    let failures = 1;
    const flaky: typeof writeIngestBatch = (...args) => (failures-- > 0 ? Promise.reject(new Error('database is down')) : writeIngestBatch(...args));
    await startWorker(flaky);
    const sent: { cmd: string; messageId?: number }[] = [];
    worker!.connection.client.on('packetsend', (p) => sent.push(p as { cmd: string; messageId?: number }));
    device = await connectDevice(broker.url, householdLogin(home));
    await publish(meterTopic(home.household.id), meter(0));

    await waitForEvents(2);
    expect(events[0]).toMatchObject({ acked: false, outcome: 'failed' });
    expect(events[1]).toMatchObject({ acked: true, outcome: 'stored', result: { accepted: 1 } });
    // Exactly one PUBACK for that message id: the one after the commit, none for the failure.
    const id = events[0]!.messageId;
    expect(sent.filter((p) => p.cmd === 'puback' && p.messageId === id)).toHaveLength(1);
    expect(await householdRows(home.household.id)).toBe(1);
  });

  it('reads Shelly status: counter to interval energy, first sample of an interval kept', async () => {
    await startWorker();
    device = await connectDevice(broker.url, householdLogin(home));
    const prefix = shellyTopicPrefix(home.household.id, 'plug-1');
    const status = (ts: number, apower: number, totalWh: number) => ({
      method: 'NotifyStatus',
      params: { ts, 'switch:0': { id: 0, output: true, apower, aenergy: { total: totalWh }, voltage: 120.1 } },
    });
    const t0 = T0 / 1000;
    await publish(`${prefix}/events/rpc`, status(t0 + 10, 100, 5000));
    await publish(`${prefix}/events/rpc`, status(t0 + 70, 999, 5002)); // same interval: not the first sample
    await publish(`${prefix}/events/rpc`, status(t0 + 310, 120, 5010));
    await waitForEvents(3);
    const rows = (await readingTables(database.db)).devices.filter((r) => r.device_id === home.devices['plug-1']!.id);
    expect(rows.map((r) => [new Date(r.ts as string).toISOString(), r.power_w, r.energy_kwh, r.relay_on])).toEqual([
      [at(0), 100, 0.01, true],
      [at(1), 120, null, true],
    ]);
  });

  it('takes the relay and power from every Shelly report, in either form, as of its own time; an older report changes neither', async () => {
    await startWorker();
    device = await connectDevice(broker.url, householdLogin(home));
    const prefix = shellyTopicPrefix(home.household.id, 'plug-1');
    const plugState = async () =>
      rowsOf<{ relay_on: boolean | null; live_power_w: number | null; live_power_at: string | Date | null }>(
        await database.db.execute(sql`select relay_on, live_power_w, live_power_at from devices where id = ${home.devices['plug-1']!.id}::uuid`),
      )[0]!;
    const nowS = Math.floor(Date.now() / 1000);
    const notify = (ts: number, sw: Record<string, unknown>) => ({ src: 'shellyplugus-a1b2c3', dst: `${prefix}/events`, method: 'NotifyStatus', params: { ts, 'switch:0': { id: 0, ...sw } } });

    await publish(`${prefix}/events/rpc`, notify(nowS - 120, { output: true, apower: 1480 }));
    await waitForEvents(1);
    expect(await plugState()).toMatchObject({ relay_on: true, live_power_w: 1480 });
    expect(new Date((await plugState()).live_power_at!).getTime()).toBe((nowS - 120) * 1000);

    // The bare status carries no time: it is dated on arrival, so it is newer than the frame above.
    const bare = { id: 0, source: 'WS_in', output: true, apower: 900.4, voltage: 120.9, current: 7.45, aenergy: { total: 1234.5, by_minute: [0, 0, 0], minute_ts: nowS }, temperature: { tC: 30.1, tF: 86.2 } };
    await publish(`${prefix}/status/switch:0`, bare);
    await waitForEvents(2);
    expect(await plugState()).toMatchObject({ relay_on: true, live_power_w: 900.4 });

    // A frame from before the bare status, delivered late, changes nothing.
    await publish(`${prefix}/events/rpc`, notify(nowS - 60, { output: false, apower: 0 }));
    await waitForEvents(3);
    expect(await plugState()).toMatchObject({ relay_on: true, live_power_w: 900.4 });

    // A partial frame with only the relay: the relay follows, the last power stays.
    await publish(`${prefix}/events/rpc`, notify(nowS + 3, { output: false }));
    await waitForEvents(4);
    expect(await plugState()).toMatchObject({ relay_on: false, live_power_w: 900.4 });

    // A plug clock an hour ahead: neither its reading nor its state is taken, or the state would
    // stay pinned until that hour came.
    await publish(`${prefix}/events/rpc`, notify(nowS + 3600, { output: true, apower: 55 }));
    await publish(`${prefix}/events/rpc`, notify(nowS + 3600, { output: true }));
    await waitForEvents(6);
    expect(events.slice(4).map((e) => e.outcome)).toEqual(['stored', 'refused']);
    expect(events[4]!.result?.rejected.map((r) => r.reason)).toEqual(['future_timestamp']);
    expect(await plugState()).toMatchObject({ relay_on: false, live_power_w: 900.4 });
  });

  it('keeps the newest live power sample per household', async () => {
    await startWorker();
    device = await connectDevice(broker.url, householdLogin(home));
    const ts = new Date(Math.floor(Date.now() / 1000) * 1000);
    await publish(meterPowerTopic(home.household.id), { ts: ts.toISOString(), powerW: 1520 });
    await publish(meterPowerTopic(home.household.id), { ts: new Date(ts.getTime() - 5000).toISOString(), powerW: 9 });
    await waitForEvents(2);
    expect(await getLivePower(database.db, home.household.id)).toEqual({ ts, powerW: 1520 });
  });

  // Always on aedes, even when the suite runs against Mosquitto: there the ACL is the broker's
  // own configuration (docs/ingestion.md), here it is our code.
  describe('access control on the embedded broker', () => {
    let acl: TestBroker;
    beforeAll(async () => {
      acl = await startTestBroker(database.db, { embedded: true });
    });
    afterAll(async () => {
      await acl.stop();
    });
    const login = (h: HouseholdFixture) => ({ username: h.household.id, password: h.credential.token });
    it('drops a publish into another household and refuses its subscriptions', async () => {
      await startWorker(undefined, acl);
      const other = await seedHousehold(database.db);
      device = await connectDevice(acl.url, login(other));
      await publish(meterTopic(home.household.id), meter(0)); // acknowledged by the broker, forwarded nowhere
      await publish(meterTopic(other.household.id), meter(0)); // B's own topic, same connection, after it
      await waitForEvents(1);
      expect(events.map((e) => e.topic)).toEqual([meterTopic(other.household.id)]);
      expect(await householdRows(home.household.id)).toBe(0);
      expect(await householdRows(other.household.id)).toBe(1);
      expect(device.connected).toBe(true);

      // A refused filter comes back as granted QoS 128 (failure), which mqtt.js turns into an error.
      await expect(device.subscribeAsync(deviceTopic(home.household.id, 'plug-1', 'command'), { qos: 1 })).rejects.toThrow(/Subscribe error/);
      await expect(device.subscribeAsync('#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
      expect(await device.subscribeAsync(deviceTopic(other.household.id, 'x', 'command'), { qos: 1 })).toEqual([
        { topic: deviceTopic(other.household.id, 'x', 'command'), qos: 1 },
      ]);
    });

    it('refuses a wrong password, another household’s id as username, and no login', async () => {
      const other = await seedHousehold(database.db);
      await expect(connectDevice(acl.url, { username: home.household.id, password: 'pwi_wrong' })).rejects.toThrow();
      await expect(connectDevice(acl.url, { username: other.household.id, password: home.credential.token })).rejects.toThrow();
      await expect(connectDevice(acl.url)).rejects.toThrow();
    });

    it('refuses a login already connected under another client id, records it, keeps the first; the same client id takes over', async () => {
      await startWorker(undefined, acl);
      const plug = await issueIngestCredential(database.db, home.household.id, home.devices['plug-1']!.id);
      // Kept as the credential's last refusal, which the pairing screen reads (decision 094).
      const refusedAt = async () =>
        rowsOf<{ at: string | Date | null }>(
          await database.db.execute(sql`select last_refusal_at as at from ingest_credentials where id = ${plug.id}::uuid and last_refusal_reason = 'in_use_elsewhere'`),
        )[0]?.at ?? null;
      device = await connectDevice(acl.url, { username: 'plug-1', password: plug.token });
      expect(await refusedAt()).toBeNull();

      // The same login from a second place: CONNACK 5, "not authorized", and the first stays connected.
      const before = Date.now();
      await expect(connectDevice(acl.url, { username: 'plug-1', password: plug.token })).rejects.toThrow(/Not authorized/i);
      await expect.poll(refusedAt, { timeout: 5_000 }).not.toBeNull();
      expect(new Date((await refusedAt())!).getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(device.connected).toBe(true);
      await publish(deviceTopic(home.household.id, 'plug-1', 'reading'), { ts: at(0), powerW: 20 });
      await waitForEvents(1);

      // The device itself reconnecting (its client id) takes over, as MQTT has it; the old socket is closed.
      const first = device;
      const closed = new Promise<void>((resolve) => first.once('close', () => resolve()));
      device = await mqtt.connectAsync(acl.url, { clientId: first.options.clientId!, username: 'plug-1', password: plug.token, reconnectPeriod: 0 });
      await closed;
      expect(device.connected).toBe(true);
      await first.endAsync(true);

      // Once it is gone, the login connects from anywhere again.
      await device.endAsync();
      device = await connectDevice(acl.url, { username: 'plug-1', password: plug.token });
      expect(device.connected).toBe(true);
    });

    it('scopes a device login to its own device topics', async () => {
      await startWorker(undefined, acl);
      const plug = await issueIngestCredential(database.db, home.household.id, home.devices['plug-1']!.id);
      device = await connectDevice(acl.url, { username: 'plug-1', password: plug.token });
      await publish(meterTopic(home.household.id), meter(0));
      await publish(deviceTopic(home.household.id, 'heat-pump-1', 'reading'), { ts: at(0), powerW: 10 });
      await publish(deviceTopic(home.household.id, 'plug-1', 'reading'), { ts: at(0), powerW: 20 });
      await waitForEvents(1);
      expect(events.map((e) => e.topic)).toEqual([deviceTopic(home.household.id, 'plug-1', 'reading')]);
      expect(await householdRows(home.household.id)).toBe(0);
    });
  });
});
