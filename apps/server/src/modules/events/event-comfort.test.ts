import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startDurableWorker } from '../../jobs/durable-worker';
import { eventJobHandlers, eventPlugJobHandlers } from '../../jobs/event-jobs';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { createDevice } from '../devices/devices.repository';
import type { CommandPublisher } from '../devices/plug-command.service';
import { store } from '../energy/energy.test-helper';
import type { Household } from '../households/household.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { setParticipation, upsertProgram } from './events.repository';
import { scheduleEvent } from './events.service';
import { recordComfortAction } from './event-comfort.repository';
import { sendComfortCommands } from './event-comfort.service';

const MINUTE = 60_000;
const logger = createLogger({ level: 'silent' });

/** Plugs that report their new relay state a moment after each command, on the workers' clock. */
function fakePlugs(db: () => Db) {
  const commands: string[] = [];
  const reports: Promise<unknown>[] = [];
  const state = { shiftMs: 0 };
  const publisher: CommandPublisher = {
    isConnected: () => true,
    publish: async (topic, payload) => {
      const match = /\/devices\/([^/]+)\/command$/.exec(topic);
      if (!match) return;
      const { on } = JSON.parse(payload) as { on: boolean };
      commands.push(`${match[1]} ${on ? 'on' : 'off'}`);
      const at = new Date(Date.now() + state.shiftMs).toISOString();
      reports.push(new Promise((resolve) => setTimeout(resolve, 5)).then(() => db().execute(sql`update devices set relay_on = ${on}, last_seen_at = ${at}::timestamptz where external_id = ${match[1]!}`)));
    },
  };
  return { publisher, commands, state, settle: () => Promise.all(reports) };
}

/*
 * A winter evening event over three heated rooms, on an injected clock (minutes after the start):
 * the living room (floor 20 °C, a thermometer) cools through its floor and gets its heater back,
 * warms up again and only then, 15 minutes after the restore, loses it again; the den has no
 * thermometer, so its heater is never switched; the bedroom's thermometer goes quiet and its
 * heater comes back on. A lamp on an ordinary plug is switched as before (decision 037).
 */
describe('Comfort during events, measured', () => {
  let t: TestApp;
  const plugs = fakePlugs(() => t.database.db);
  let member: Member;
  let home: Household;
  let eventId: string;
  const room: Record<string, string> = {};
  const device: Record<string, string> = {};
  /** When the event starts; the workers' clock is moved from here. */
  let t0 = 0;
  /** Readings are stamped from here (t0, a 5-minute boundary). */
  let boundary = 0;

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, { method, headers: asMember(member), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const worker = (afterMin: number) => {
    const shiftMs = t0 + afterMin * MINUTE - Date.now();
    plugs.state.shiftMs = shiftMs;
    // The clock stands still at that minute, so "15 minutes after the restore" is exact.
    return startDurableWorker({ db: t.database.db, handlers: { ...eventJobHandlers, ...eventPlugJobHandlers(plugs.publisher) }, logger, clock: () => new Date(t0 + afterMin * MINUTE) });
  };
  /** Runs everything due at `afterMin` minutes (the check, then the sending it queued) and answers the commands sent. */
  const at = async (afterMin: number) => {
    const before = plugs.commands.length;
    const w = worker(afterMin);
    for (let pass = 0; pass < 3; pass += 1) await w.runDue();
    await w.stop();
    await plugs.settle();
    return plugs.commands.slice(before).sort();
  };
  /** A thermometer's reading, stamped `minutes` after the boundary. */
  const temperature = (thermometer: string, minutes: number, temperatureC: number) =>
    store(t.database.db, home.id, { devices: [{ device: thermometer, ts: new Date(boundary + minutes * MINUTE).toISOString(), metrics: { temperatureC } }] });
  const log = async () => {
    const res = await call('GET', `/api/events/${eventId}/plug-actions`);
    expect(res.status).toBe(200);
    return (res.body.comfort as { deviceName: string; action: string; reason: string; temperatureC: number | null; limitC: number | null }[]).map(
      (a) => `${a.deviceName} ${a.action} ${a.reason} ${a.temperatureC ?? '-'} ${a.limitC ?? '-'}`,
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ commands: plugs.publisher, env: { PLUG_CONFIRM_TIMEOUT_MS: '2000' } });
    member = await createMember(t.app);
    home = await ensureHouseholdForUser(t.database.db, member.userId);
    for (const name of ['Living room', 'Den', 'Guest room']) {
      const [row] = rowsOf<{ id: string }>(await t.database.db.execute(sql`insert into rooms (household_id, name, x, y, width, height) values (${home.id}::uuid, ${name}, 0, 0, 100, 100) returning id`));
      room[name] = row!.id;
    }
    const plan: [string, string, 'smart_plug' | 'temperature'][] = [
      ['heater', 'Living room', 'smart_plug'],
      ['thermo', 'Living room', 'temperature'],
      ['den-heater', 'Den', 'smart_plug'],
      ['bed-heater', 'Guest room', 'smart_plug'],
      ['bed-thermo', 'Guest room', 'temperature'],
      ['lamp', 'Living room', 'smart_plug'],
    ];
    for (const [externalId, roomName, kind] of plan) {
      const created = await createDevice(t.database.db, home.id, { externalId, name: externalId, kind });
      device[externalId] = created.id;
      await t.database.db.execute(sql`update devices set room_id = ${room[roomName]!}::uuid where id = ${created.id}::uuid`);
      if (kind === 'smart_plug') await t.database.db.execute(sql`update devices set relay_on = true, last_seen_at = ${new Date(Date.now() - 3_600_000).toISOString()}::timestamptz where id = ${created.id}::uuid`);
    }
  });
  afterAll(() => t.close());

  it('refuses bad limits with a clear 400 and stores nothing', async () => {
    const path = `/api/comfort/rooms/${room['Living room']}`;
    const inverted = await call('PUT', path, { floorC: 27, ceilingC: 26 });
    expect(inverted.status).toBe(400);
    expect((inverted.body.error as { code: string; details: { path: string }[] }).code).toBe('invalid_comfort_limits');
    expect((inverted.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(['floor_not_below_ceiling']);
    const outside = await call('PUT', path, { floorC: 9, ceilingC: 31 });
    expect((outside.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(['floor_out_of_range', 'ceiling_out_of_range']);
    expect((await call('PUT', path, { floorC: '20', ceilingC: 26 })).status).toBe(400);
    expect((await call('PUT', path, { floorC: 19.3, ceilingC: 26 })).status).toBe(400);
    expect((await call('PUT', '/api/comfort/rooms/not-a-room', { floorC: 20, ceilingC: 26 })).status).toBe(404);
    expect((await call('PUT', `/api/comfort/plugs/${device.thermo}`, { load: 'heating' })).status).toBe(409);
    expect((await call('PUT', `/api/comfort/plugs/${device.heater}`, { load: 'boiler' })).status).toBe(400);
    expect(rowsOf(await t.database.db.execute(sql`select * from room_comfort_limits`))).toEqual([]);
    expect(rowsOf(await t.database.db.execute(sql`select * from comfort_loads`))).toEqual([]);
  });

  it('the member sets a floor of 20 °C in the living room and marks the heaters; each room reads its temperature and its age', async () => {
    const saved = await call('PUT', `/api/comfort/rooms/${room['Living room']}`, { floorC: 20, ceilingC: 26, preheat: true });
    expect(saved.status).toBe(200);
    // Limits saved again without the pre-heat choice leave it as it was.
    expect((await call('PUT', `/api/comfort/rooms/${room['Living room']}`, { floorC: 20, ceilingC: 26 })).status).toBe(200);
    for (const heater of ['heater', 'den-heater', 'bed-heater']) expect((await call('PUT', `/api/comfort/plugs/${device[heater]}`, { load: 'heating' })).status).toBe(200);
    for (const plug of ['heater', 'den-heater', 'bed-heater', 'lamp']) expect((await call('PUT', `/api/event-preferences/plugs/${device[plug]}`, { powerDown: true })).status).toBe(200);

    // A reading 7 minutes old, through the ordinary ingest store.
    const measured = Math.floor((Date.now() - 7 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
    await store(t.database.db, home.id, { devices: [{ device: 'thermo', ts: new Date(measured).toISOString(), metrics: { temperatureC: 21.5 } }] });
    // The heater's plug reports its own relay's temperature, later: that is not the room's.
    await store(t.database.db, home.id, { devices: [{ device: 'heater', ts: new Date(measured + 5 * MINUTE).toISOString(), powerW: 1500, metrics: { temperatureC: 45 } }] });
    const comfort = await call('GET', '/api/comfort');
    const rooms = Object.fromEntries((comfort.body.rooms as { name: string; floorC: number; ceilingC: number; isDefault: boolean; temperatureC: number | null; ageMinutes: number | null; hasSensor: boolean }[]).map((r) => [r.name, r]));
    expect(rooms['Living room']).toMatchObject({ floorC: 20, ceilingC: 26, isDefault: false, preheat: true, temperatureC: 21.5, measuredAt: new Date(measured).toISOString(), hasSensor: true });
    // Read on the server's clock a moment ago: the whole minutes since the 5-minute boundary, 7 to 11.
    const age = rooms['Living room']!.ageMinutes!;
    expect(Math.abs(age - Math.floor((Date.now() - measured) / MINUTE))).toBeLessThanOrEqual(1);
    expect(rooms.Den).toMatchObject({ floorC: 19, ceilingC: 26, isDefault: true, preheat: false, temperatureC: null, ageMinutes: null, hasSensor: false });
    expect(rooms['Guest room']).toMatchObject({ hasSensor: true, temperatureC: null });
  });

  it('switches off only what the rooms allow, restores at once through the floor, never re-switches within 15 minutes, and fails safe on a silent thermometer', async () => {
    const realNow = Date.now();
    // The event starts on a 5-minute boundary, so readings and checks line up to the minute.
    t0 = Math.ceil((realNow + MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
    boundary = t0;
    const programId = await upsertProgram(t.database.db, { name: 'Hiver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
    eventId = await t.database.db.transaction((tx) =>
      scheduleEvent(tx, { programId, startsAt: new Date(t0).toISOString(), endsAt: new Date(t0 + 60 * MINUTE).toISOString() }, member.userId, new Date(realNow - 10 * MINUTE)),
    );
    await setParticipation(t.database.db, eventId, home.id, true, new Date(realNow));
    await temperature('thermo', 0, 21);
    await temperature('bed-thermo', 0, 21);

    // The start: the lamp as before, the two heaters in rooms with a thermometer; the den's heater is not automated.
    expect(await at(0)).toEqual(['bed-heater off', 'heater off', 'lamp off']);
    // The living room cools through its floor: its heater comes back on at once.
    await temperature('thermo', 5, 19.5);
    await temperature('bed-thermo', 5, 20.5);
    expect(await at(5)).toEqual(['heater on']);
    // Back above the floor, but not by the 1 °C margin; then by the margin, but within 15 minutes of the restore.
    await temperature('thermo', 10, 20.5);
    expect(await at(10)).toEqual([]);
    await temperature('thermo', 15, 21.5);
    expect(await at(15)).toEqual([]);
    // 15 minutes after the restore, recovered: off again.
    await temperature('thermo', 20, 21.5);
    expect(await at(20)).toEqual(['heater off']);
    // The bedroom's thermometer last spoke at minute 5: 30 minutes later it still counts, past that its heater is restored.
    await temperature('thermo', 30, 21);
    expect(await at(35)).toEqual([]);
    expect(await at(36)).toEqual(['bed-heater on']);

    expect(await log()).toEqual([
      'bed-heater switched_off within_limit 21 19',
      'den-heater not_automated no_sensor - 19',
      'heater switched_off within_limit 21 20',
      'heater restored crossed_limit 19.5 20',
      'heater switched_off recovered 21.5 20',
      'bed-heater restored sensor_silent 20.5 19',
    ]);
    // Comfort's switches went out through the plug-command path as event automation, each one once.
    const sent = rowsOf<{ plug: string; on: boolean }>(
      await t.database.db.execute(sql`select d.external_id as plug, s.requested_on as on from plug_switch_events s join devices d on d.id = s.device_id where s.source = 'event_automation' and d.external_id like '%heater' order by s.requested_at, 1`),
    );
    expect(sent.map((s) => `${s.plug} ${s.on ? 'on' : 'off'}`)).toEqual(['bed-heater off', 'heater off', 'heater on', 'heater off', 'bed-heater on']);
  });

  it('at the end every plug the event holds off comes back on; the one comfort already restored is not taken for the member’s', async () => {
    expect(await at(61)).toEqual(['bed-heater on', 'heater on', 'lamp on']);
    const actions = rowsOf<{ plug: string; action: string }>(
      await t.database.db.execute(sql`select d.external_id as plug, a.action from event_plug_actions a join devices d on d.id = a.device_id where a.event_id = ${eventId}::uuid order by 1, 2`),
    );
    expect(actions.map((a) => `${a.plug} ${a.action}`)).toEqual(['bed-heater restored', 'bed-heater switched_off', 'heater restored', 'heater switched_off', 'lamp restored', 'lamp switched_off']);
    // No comfort check after the end.
    expect(await at(70)).toEqual([]);
    expect(await log()).toHaveLength(6);
  });

  it('a switch that misses its deadline is logged as failed, never sent late (decision 113)', async () => {
    const minute = (n: number) => new Date(t0 + n * MINUTE);
    const switches = async () => (await t.database.db.execute(sql`select count(*)::int as n from plug_switch_events`).then((r) => rowsOf<{ n: number }>(r)))[0]!.n;
    const sentBefore = await switches();
    const send = (publisher: CommandPublisher, n: number) => t.database.db.transaction((tx) => sendComfortCommands(tx, publisher, eventId, minute(n)));
    // An "off" decided after the event's end (a check that ran late) fails at once.
    await recordComfortAction(t.database.db, { eventId, householdId: home.id, deviceId: device.heater!, action: 'switched_off', reason: 'within_limit', temperatureC: 21, limitC: 20, at: minute(62) });
    expect(await send(plugs.publisher, 62)).toBeUndefined();
    // A restore with the device service down is tried again every minute, and fails six hours after the end.
    await recordComfortAction(t.database.db, { eventId, householdId: home.id, deviceId: device['bed-heater']!, action: 'restored', reason: 'sensor_silent', temperatureC: 18.5, limitC: 19, at: minute(63) });
    const down: CommandPublisher = { isConnected: () => false, publish: async () => {} };
    expect(await send(down, 63)).toEqual({ retryAt: minute(64) });
    expect((await log()).slice(6)).toEqual(['heater switched_off within_limit 21 20', 'bed-heater restored sensor_silent 18.5 19']);
    expect(await send(down, 60 + 6 * 60)).toBeUndefined();

    const res = await call('GET', `/api/events/${eventId}/plug-actions`);
    const comfort = res.body.comfort as { deviceName: string; action: string; failed?: boolean }[];
    expect(comfort.slice(6)).toEqual([
      expect.objectContaining({ deviceName: 'heater', action: 'switched_off', failed: true }),
      expect.objectContaining({ deviceName: 'bed-heater', action: 'restored', failed: true }),
    ]);
    // The ones sent before stay as they were; nothing went out late.
    expect(comfort.slice(0, 6).every((a) => a.failed === undefined)).toBe(true);
    expect(await switches()).toBe(sentBefore);
    expect(await send(plugs.publisher, 60 + 6 * 60 + 1)).toBeUndefined();
    expect(await switches()).toBe(sentBefore);
  });
});
