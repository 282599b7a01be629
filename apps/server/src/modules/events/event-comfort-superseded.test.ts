import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { checkComfort } from './event-comfort.service';
import { setParticipation, upsertProgram } from './events.repository';
import { scheduleEvent } from './events.service';

const MINUTE = 60_000;
const logger = createLogger({ level: 'silent' });

/*
 * Comfort decides an "off" and, a minute later, before the sending job has run, a restore (the
 * room fell through its floor). Only the newest decision is sent, so the heater is never switched
 * off: the logs must say that, not that it "could not be switched off" (decision 120). On an
 * injected clock: the checks run at minutes 0 and 1, the sending at minute 2, the end at 61.
 */
describe('a comfort "off" overtaken by its restore before it is sent', () => {
  let t: TestApp;
  const commands: string[] = [];
  const publisher: CommandPublisher = {
    isConnected: () => true,
    publish: async (topic, payload) => {
      const match = /\/devices\/([^/]+)\/command$/.exec(topic);
      if (match) commands.push(`${match[1]} ${(JSON.parse(payload) as { on: boolean }).on ? 'on' : 'off'}`);
    },
  };
  let member: Member;
  let home: Household;
  let heaterId = '';
  let eventId = '';
  let t0 = 0;
  const minute = (n: number) => new Date(t0 + n * MINUTE);

  /** Runs every job due at minute n on a clock that stands still there; answers the commands sent. */
  const at = async (n: number) => {
    const before = commands.length;
    const w = startDurableWorker({ db: t.database.db, handlers: { ...eventJobHandlers, ...eventPlugJobHandlers(publisher) }, logger, clock: () => minute(n) });
    for (let pass = 0; pass < 3; pass += 1) await w.runDue();
    await w.stop();
    return commands.slice(before);
  };
  const temperature = (n: number, temperatureC: number) => store(t.database.db, home.id, { devices: [{ device: 'thermo', ts: minute(n).toISOString(), metrics: { temperatureC } }] });
  const plugActions = async () => {
    const res = await t.app.request(`/api/events/${eventId}/plug-actions`, { headers: asMember(member) });
    expect(res.status).toBe(200);
    return (await res.json()) as { actions: { deviceName: string; action: string; at: string }[]; comfort: { action: string; reason: string; at: string; superseded?: boolean; failed?: boolean }[] };
  };

  beforeAll(async () => {
    t = await createTestApp({ commands: publisher });
    member = await createMember(t.app);
    home = await ensureHouseholdForUser(t.database.db, member.userId);
    const [room] = rowsOf<{ id: string }>(await t.database.db.execute(sql`insert into rooms (household_id, name, x, y, width, height) values (${home.id}::uuid, 'Living room', 0, 0, 100, 100) returning id`));
    for (const [externalId, kind] of [['heater', 'smart_plug'], ['thermo', 'temperature']] as const) {
      const created = await createDevice(t.database.db, home.id, { externalId, name: externalId === 'heater' ? 'Baseboard' : 'Thermometer', kind });
      await t.database.db.execute(sql`update devices set room_id = ${room!.id}::uuid where id = ${created.id}::uuid`);
      if (kind === 'smart_plug') {
        heaterId = created.id;
        await t.database.db.execute(sql`update devices set relay_on = true, last_seen_at = ${new Date(Date.now() - 3_600_000).toISOString()}::timestamptz where id = ${created.id}::uuid`);
      }
    }
    const call = (path: string, body: unknown) => t.app.request(path, { method: 'PUT', headers: asMember(member), body: JSON.stringify(body) });
    expect((await call(`/api/comfort/rooms/${room!.id}`, { floorC: 20, ceilingC: 26 })).status).toBe(200);
    expect((await call(`/api/comfort/plugs/${heaterId}`, { load: 'heating' })).status).toBe(200);
    expect((await call(`/api/event-preferences/plugs/${heaterId}`, { powerDown: true })).status).toBe(200);

    const realNow = Date.now();
    t0 = Math.ceil((realNow + MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
    const programId = await upsertProgram(t.database.db, { name: 'Hiver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
    eventId = await t.database.db.transaction((tx) =>
      scheduleEvent(tx, { programId, startsAt: minute(0).toISOString(), endsAt: minute(60).toISOString() }, member.userId, new Date(realNow - 10 * MINUTE)),
    );
    await setParticipation(t.database.db, eventId, home.id, true, new Date(realNow));
  });
  afterAll(() => t.close());

  it('sends only the restore, and the plug log says the heater was never switched off, not that it failed', async () => {
    // Two checks before any sending: 21 °C (off), then 19.5 °C, through the 20 °C floor (restore).
    // Readings fall on 5-minute boundaries: the one at minute 0 arrives after the first check.
    await temperature(-5, 21);
    await t.database.db.transaction((tx) => checkComfort(tx, eventId, minute(0)));
    await temperature(0, 19.5);
    await t.database.db.transaction((tx) => checkComfort(tx, eventId, minute(1)));
    // The sending runs now: only the newest decision goes out.
    expect(await at(2)).toEqual(['heater on']);
    // The end: nothing to restore (the heater stayed on), and nothing failed.
    expect(await at(61)).toEqual([]);

    const stored = rowsOf<{ action: string; at: string }>(
      await t.database.db.execute(sql`select action, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from event_plug_actions where event_id = ${eventId}::uuid order by at, action`),
    );
    // The first "off" stays stored (the end reads the previous state from it); the line at the restore's minute says what happened.
    expect(stored).toEqual([
      { action: 'switched_off', at: minute(0).toISOString() },
      { action: 'off_superseded', at: minute(1).toISOString() },
    ]);
    const log = await plugActions();
    expect(log.actions).toEqual([{ deviceId: heaterId, deviceName: 'Baseboard', action: 'off_superseded', at: minute(1).toISOString() }]);
    // The comfort log keeps both decisions; the "off" is marked as overtaken, the restore is not.
    expect(log.comfort.map(({ action, reason, at, superseded }) => ({ action, reason, at, superseded }))).toEqual([
      { action: 'switched_off', reason: 'within_limit', at: minute(0).toISOString(), superseded: true },
      { action: 'restored', reason: 'crossed_limit', at: minute(1).toISOString(), superseded: undefined },
    ]);
    expect(log.comfort.every((c) => c.failed === undefined)).toBe(true);
  });
});
