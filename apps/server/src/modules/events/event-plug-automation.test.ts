import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers, eventPlugJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { createDevice, type Device } from '../devices/devices.repository';
import type { CommandPublisher } from '../devices/plug-command.service';
import type { Household } from '../households/household.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { powerDownForEvent, restoreAfterEvent } from './event-plug-automation.service';
import { setParticipation, upsertProgram } from './events.repository';
import { scheduleEvent } from './events.service';

const MINUTE = 60_000;
const logger = createLogger({ level: 'silent' });

/**
 * The MQTT session and the plugs behind it: every command is recorded and, like a real plug, the
 * plug reports its new relay state a moment later (through the database, after the sender's
 * transaction, as ingest would). `connected = false` is the device service being down.
 */
function fakePlugs(db: () => Db, offline: ReadonlySet<string>) {
  const commands: string[] = [];
  const reports: Promise<unknown>[] = [];
  /** The plugs' clock follows the workers' (tests move it to the event's end). */
  const state = { connected: true, shiftMs: 0 };
  const publisher: CommandPublisher = {
    isConnected: () => state.connected,
    publish: async (topic, payload) => {
      const match = /\/devices\/([^/]+)\/command$/.exec(topic);
      if (!match) return;
      const externalId = match[1]!;
      const { on } = JSON.parse(payload) as { on: boolean };
      commands.push(`${externalId} ${on ? 'on' : 'off'}`);
      if (offline.has(externalId)) return;
      reports.push(new Promise((resolve) => setTimeout(resolve, 5)).then(() => db().execute(sql`update devices set relay_on = ${on}, last_seen_at = ${new Date(Date.now() + state.shiftMs).toISOString()}::timestamptz where external_id = ${externalId}`)));
    },
  };
  return { publisher, commands, state, settle: () => Promise.all(reports) };
}

describe('Plug automation during events', () => {
  let t: TestApp;
  // The fan's plug takes commands but never reports (it dropped off the Wi-Fi).
  const plugs = fakePlugs(() => t.database.db, new Set(['fan']));
  let member: Member;
  let home: Household;
  let programId: string;
  const device: Record<string, Device> = {};
  let eventId: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, { method, headers: asMember(member), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** The log, read back raw. */
  const actions = async (id = eventId) =>
    rowsOf<{ plug: string; action: string; previousOn: boolean | null }>(
      await t.database.db.execute(sql`
        select d.external_id as plug, a.action, a.previous_on as "previousOn" from event_plug_actions a join devices d on d.id = a.device_id
        where a.event_id = ${id}::uuid order by d.external_id, a.action`),
    );
  const relays = async () =>
    Object.fromEntries(
      rowsOf<{ plug: string; on: boolean | null }>(await t.database.db.execute(sql`select external_id as plug, relay_on as on from devices where household_id = ${home.id}::uuid order by 1`)).map((r) => [r.plug, r.on]),
    );
  const automationSwitches = async () =>
    rowsOf<{ plug: string; on: boolean }>(
      await t.database.db.execute(sql`select d.external_id as plug, s.requested_on as on from plug_switch_events s join devices d on d.id = s.device_id where s.source = 'event_automation' order by s.requested_at, 1`),
    );
  const worker = (shiftMs: number) => {
    plugs.state.shiftMs = shiftMs;
    return startDurableWorker({ db: t.database.db, handlers: { ...eventJobHandlers, ...eventPlugJobHandlers(plugs.publisher) }, logger, clock: () => new Date(Date.now() + shiftMs) });
  };
  const drain = async (w: ReturnType<typeof worker>) => {
    // Sending is a job the start and the end queue, so it runs on the next pass.
    for (let pass = 0; pass < 3; pass += 1) await w.runDue();
    await plugs.settle();
  };

  beforeAll(async () => {
    t = await createTestApp({ commands: plugs.publisher, env: { PLUG_CONFIRM_TIMEOUT_MS: '2000' } });
    member = await createMember(t.app);
    home = await ensureHouseholdForUser(t.database.db, member.userId);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
    // lamp and tv are on, the heater is already off, "mystery" has never reported, the fridge must never switch.
    const plan: [string, boolean | null, boolean][] = [
      ['fan', true, false],
      ['lamp', true, false],
      ['tv', true, false],
      ['heater', false, false],
      ['mystery', null, false],
      ['fridge', true, true],
    ];
    for (const [externalId, on, neverSwitch] of plan) {
      device[externalId] = await createDevice(t.database.db, home.id, { externalId, name: externalId[0]!.toUpperCase() + externalId.slice(1), kind: 'smart_plug', neverSwitch });
      await t.database.db.execute(sql`update devices set relay_on = ${on}, last_seen_at = ${on === null ? null : new Date(Date.now() - 3_600_000).toISOString()}::timestamptz where id = ${device[externalId]!.id}::uuid`);
    }
    // A neighbour who chose a plug but is not opted in: nothing happens to it.
    const neighbour = await createMember(t.app);
    const theirHome = await ensureHouseholdForUser(t.database.db, neighbour.userId);
    const stereo = await createDevice(t.database.db, theirHome.id, { externalId: 'stereo', name: 'Stereo', kind: 'smart_plug' });
    await t.database.db.execute(sql`update devices set relay_on = true where id = ${stereo.id}::uuid`);
    await t.database.db.execute(sql`insert into event_plug_choices (device_id, household_id, chosen_at) values (${stereo.id}::uuid, ${theirHome.id}::uuid, now())`);
  });
  afterAll(() => t.close());

  it('the member chooses plugs; a never-switch plug is not offered and is refused', async () => {
    for (const plug of ['fan', 'lamp', 'tv', 'heater', 'mystery']) expect((await call('PUT', `/api/event-preferences/plugs/${device[plug]!.id}`, { powerDown: true })).status).toBe(200);
    const fridge = await call('PUT', `/api/event-preferences/plugs/${device.fridge!.id}`, { powerDown: true });
    expect(fridge.status).toBe(409);
    expect(fridge.body).toEqual({ error: { code: 'never_switch', message: 'This plug powers something that must stay on, so it never powers down during events.' } });
    const prefs = await call('GET', '/api/event-preferences');
    expect((prefs.body.plugs as { name: string }[]).map((p) => p.name)).toEqual(['Fan', 'Heater', 'Lamp', 'Mystery', 'Tv']);
    expect(prefs.body.neverSwitchPlugs).toBe(1);
  });

  it('at the start: switches off the chosen plugs that were on, records each previous state, once', async () => {
    const realNow = Date.now();
    eventId = await t.database.db.transaction((tx) =>
      scheduleEvent(tx, { programId, startsAt: new Date(realNow - MINUTE).toISOString(), endsAt: new Date(realNow + 30 * MINUTE).toISOString() }, member.userId, new Date(realNow - 10 * MINUTE)),
    );
    await setParticipation(t.database.db, eventId, home.id, true, new Date(realNow - 5 * MINUTE));

    const w = worker(0);
    await drain(w);
    await w.stop();
    expect(plugs.commands.sort()).toEqual(['fan off', 'lamp off', 'tv off']);
    expect(await actions()).toEqual([
      { plug: 'fan', action: 'switched_off', previousOn: true },
      { plug: 'heater', action: 'skipped_already_off', previousOn: false },
      { plug: 'lamp', action: 'switched_off', previousOn: true },
      { plug: 'mystery', action: 'switch_off_failed', previousOn: null },
      { plug: 'tv', action: 'switched_off', previousOn: true },
    ]);
    expect(await relays()).toEqual({ fan: true, fridge: true, heater: false, lamp: false, mystery: null, tv: false });
    expect(await automationSwitches()).toEqual([
      { plug: 'fan', on: false },
      { plug: 'lamp', on: false },
      { plug: 'tv', on: false },
    ]);

    // The start again (a job run twice, or a second worker): one set of actions, no new command.
    // Three at once: on PostgreSQL these are parallel connections that meet on the event's row lock.
    await Promise.all([1, 2, 3].map(() => t.database.db.transaction((tx) => powerDownForEvent(tx, eventId, new Date()))));
    const again = worker(0);
    await drain(again);
    await again.stop();
    expect(await actions()).toHaveLength(5);
    expect(plugs.commands).toHaveLength(3);
    expect(await automationSwitches()).toHaveLength(3);
  });

  it('the member turns a plug back on during the event: logged as an override at once', async () => {
    const on = await call('POST', `/api/devices/${device.tv!.id}/switch`, { on: true });
    expect(on.status).toBe(200);
    // …and then off again by hand: at the end it stays as the member last set it.
    expect((await call('POST', `/api/devices/${device.tv!.id}/switch`, { on: false })).status).toBe(200);
    expect((await actions()).filter((a) => a.plug === 'tv').map((a) => a.action)).toEqual(['overridden', 'switched_off']);
    const log = await call('GET', `/api/events/${eventId}/plug-actions`);
    expect((log.body.actions as { deviceName: string; action: string }[]).map((a) => `${a.deviceName} ${a.action}`)).toEqual(
      expect.arrayContaining(['Lamp switched_off', 'Tv switched_off', 'Heater skipped_already_off', 'Mystery switch_off_failed', 'Tv overridden']),
    );
  });

  it('at the end, after a restart: restores exactly the plugs it switched off; the member’s choice wins; once', async () => {
    plugs.commands.length = 0;
    // A new worker, as after a restart: everything it needs is in the database.
    const w = worker(31 * MINUTE);
    await drain(w);
    await w.stop();
    // The fan never confirmed "off" and still reads on from before the event: it is switched on again too.
    expect(plugs.commands.sort()).toEqual(['fan on', 'lamp on']);
    expect(await relays()).toEqual({ fan: true, fridge: true, heater: false, lamp: true, mystery: null, tv: false });
    const end = [
      { plug: 'fan', action: 'restored', previousOn: true },
      { plug: 'fan', action: 'switched_off', previousOn: true },
      { plug: 'heater', action: 'skipped_already_off', previousOn: false },
      { plug: 'lamp', action: 'restored', previousOn: true },
      { plug: 'lamp', action: 'switched_off', previousOn: true },
      { plug: 'mystery', action: 'switch_off_failed', previousOn: null },
      { plug: 'tv', action: 'overridden', previousOn: true },
      { plug: 'tv', action: 'switched_off', previousOn: true },
    ];
    expect(await actions()).toEqual(end);

    // A minute later each switch is checked against the plug's report: the fan's restore is not confirmed.
    const check = worker(33 * MINUTE);
    await drain(check);
    await check.stop();
    expect(await actions()).toEqual([{ plug: 'fan', action: 'restore_failed', previousOn: true }, ...end].sort((a, b) => `${a.plug} ${a.action}`.localeCompare(`${b.plug} ${b.action}`)));
    const outcomes = rowsOf<{ plug: string; on: boolean; outcome: string }>(
      await t.database.db.execute(sql`select d.external_id as plug, s.requested_on as on, s.outcome from plug_switch_events s join devices d on d.id = s.device_id where s.source = 'event_automation' order by 1, 2`),
    );
    expect(outcomes).toEqual([
      { plug: 'fan', on: false, outcome: 'timed_out' },
      { plug: 'fan', on: true, outcome: 'timed_out' },
      { plug: 'lamp', on: false, outcome: 'confirmed' },
      { plug: 'lamp', on: true, outcome: 'confirmed' },
      { plug: 'tv', on: false, outcome: 'confirmed' },
    ]);

    await t.database.db.transaction((tx) => restoreAfterEvent(tx, eventId, new Date(Date.now() + 34 * MINUTE)));
    const again = worker(34 * MINUTE);
    await drain(again);
    await again.stop();
    expect(plugs.commands).toHaveLength(2);
    expect(await actions()).toHaveLength(9);
    expect(await automationSwitches()).toHaveLength(5);
  });

  it('with the device service down all event, nothing is switched and the plugs are logged as failed', async () => {
    await t.database.db.execute(sql`update devices set relay_on = true where id = ${device.lamp!.id}::uuid`);
    await t.database.db.execute(sql`delete from event_plug_choices where device_id = ${device.fan!.id}::uuid`);
    const realNow = Date.now();
    const id = await t.database.db.transaction((tx) =>
      scheduleEvent(tx, { programId, startsAt: new Date(realNow + 40 * MINUTE).toISOString(), endsAt: new Date(realNow + 70 * MINUTE).toISOString() }, member.userId, new Date(realNow)),
    );
    await setParticipation(t.database.db, id, home.id, true, new Date(realNow));
    plugs.state.connected = false;
    plugs.commands.length = 0;
    const during = worker(41 * MINUTE);
    await drain(during);
    await during.stop();
    expect(await actions(id)).toEqual(expect.arrayContaining([{ plug: 'lamp', action: 'switched_off', previousOn: true }]));
    expect(plugs.commands).toEqual([]);
    // Past the end the waiting "off" gives up instead of switching plugs off after the event.
    plugs.state.connected = true;
    const after = worker(75 * MINUTE);
    await drain(after);
    await after.stop();
    expect((await actions(id)).filter((a) => a.plug === 'lamp').map((a) => a.action)).toEqual(['switch_off_failed', 'switched_off']);
    expect(plugs.commands).toEqual([]);
    expect((await relays()).lamp).toBe(true);
  });
});
