import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { notificationJobHandlers } from '../../jobs/notification-jobs';
import type { EventNotifier } from '../notifications/event-notifications.service';
import { startDurableWorker } from '../../jobs/durable-worker';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { createDevice } from '../devices/devices.repository';
import type { Household } from '../households/household.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { upsertProgram } from './events.repository';

const HOUR = 3_600_000;

describe('Event preferences: opt in to every event, and the plugs that power down', () => {
  let t: TestApp;
  let now = new Date('2030-03-04T12:00:00Z');
  let operator: Member;
  let keen: Member; // turns "every event" on
  let casual: Member; // leaves it off
  let faraway: Member; // in British Columbia, outside the Ontario program
  let keenHome: Household;
  let programId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    [keen, casual, faraway] = [await createMember(t.app), await createMember(t.app), await createMember(t.app)];
    keenHome = await ensureHouseholdForUser(t.database.db, keen.userId);
    await ensureHouseholdForUser(t.database.db, casual.userId);
    // Households come with the account, in Ontario without a postal code; this one moves to BC.
    const farawayHome = await ensureHouseholdForUser(t.database.db, faraway.userId);
    await t.database.db.execute(sql`update households set province = 'BC', postal_code = null, time_zone = 'America/Vancouver' where id = ${farawayHome.id}::uuid`);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
  });
  afterAll(() => t.close());

  const call = async (who: Member, method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, { method, headers: asMember(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const schedule = async (startsInHours: number) => {
    const startsAt = new Date(now.getTime() + startsInHours * HOUR);
    const res = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + HOUR).toISOString() });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** Every participation row, read back raw: (event, owner's email, opted in, source). */
  const participations = async () =>
    rowsOf<{ eventId: string; email: string; optedIn: boolean; source: string }>(
      await t.database.db.execute(sql`
        select ep.event_id as "eventId", u.email, ep.opted_in as "optedIn", ep.source from event_participations ep
        join households h on h.id = ep.household_id join users u on u.id = h.owner_user_id order by ep.event_id, u.email`),
    );
  // The announcement job opts households in; telling them is another test's business.
  const notifier = { announce: async () => undefined } as unknown as EventNotifier;
  const handlers = { ...eventJobHandlers, ...notificationJobHandlers(notifier) };
  const announceAgain = (eventId: string) => t.database.db.transaction((tx) => handlers['event.announce']!({ db: t.database.db, tx, job: { payload: { eventId } } as never, now }));
  const worker = () => startDurableWorker({ db: t.database.db, handlers, logger: createLogger({ level: 'silent' }), clock: () => now });

  it('is off by default, and a bad body changes nothing', async () => {
    expect((await call(keen, 'GET', '/api/event-preferences')).body).toEqual({ optInEveryEvent: false, plugs: [], neverSwitchPlugs: 0 });
    for (const body of [{ optInEveryEvent: 'yes' }, {}, { optInEveryEvent: true, extra: 1 }]) {
      const res = await call(keen, 'PUT', '/api/event-preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect(rowsOf(await t.database.db.execute(sql`select * from household_event_settings`))).toEqual([]);
  });

  it('turning it on opts in to the upcoming events not yet started, keeping a one-event opt-out', async () => {
    const upcoming = await schedule(24);
    const optedOut = await schedule(48);
    const started = await schedule(2);
    expect((await call(keen, 'PUT', `/api/events/${optedOut}/participation`, { optedIn: false })).status).toBe(200);
    now = new Date(now.getTime() + 2 * HOUR + 60_000); // `started` is running now

    const res = await call(keen, 'PUT', '/api/event-preferences', { optInEveryEvent: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ optInEveryEvent: true });
    expect(await participations()).toEqual(
      [
        { eventId: upcoming, email: keen.email, optedIn: true, source: 'always' },
        { eventId: optedOut, email: keen.email, optedIn: false, source: 'member' },
      ].sort((a, b) => a.eventId.localeCompare(b.eventId)),
    );
    expect(started).toBeTruthy();
    const setting = rowsOf<{ on: boolean; by: string }>(await t.database.db.execute(sql`select opt_in_every_event as on, updated_by as by from household_event_settings where household_id = ${keenHome.id}::uuid`));
    expect(setting).toEqual([{ on: true, by: keen.userId }]);

    const detail = await call(keen, 'GET', `/api/events/${upcoming}`);
    expect(detail.body.event).toMatchObject({ optedIn: true, optedInAutomatically: true });
    // Their own announcement jobs (not run yet) must not undo the opt-out either.
    const w = worker();
    await w.runDue();
    await w.stop();
    expect((await participations()).find((p) => p.eventId === optedOut)).toEqual({ eventId: optedOut, email: keen.email, optedIn: false, source: 'member' });
  });

  it('a newly scheduled event opts in the households that chose it, in its area only, once', async () => {
    const id = await schedule(30);
    const of = async (eventId: string) => (await participations()).filter((p) => p.eventId === eventId);
    expect(await of(id)).toEqual([]);
    const w = worker();
    await w.runDue();
    expect(await of(id)).toEqual([{ eventId: id, email: keen.email, optedIn: true, source: 'always' }]);

    // The job again (a re-run after a crash) adds nothing.
    await announceAgain(id);
    expect(await of(id)).toHaveLength(1);

    const mine = await call(keen, 'GET', `/api/events/${id}`);
    expect(mine.body.event).toMatchObject({ id, optedIn: true, optedInAutomatically: true, canChange: true });
    const theirs = await call(casual, 'GET', `/api/events/${id}`);
    expect(theirs.body.event).toMatchObject({ optedIn: false, optedInAutomatically: false });
    expect((await call(faraway, 'GET', `/api/events/${id}`)).status).toBe(404);

    // The member can still opt out of this one event before it starts, and a re-run does not undo it.
    const out = await call(keen, 'PUT', `/api/events/${id}/participation`, { optedIn: false });
    expect(out.body).toMatchObject({ optedIn: false, optedInAutomatically: false });
    await announceAgain(id);
    expect(await of(id)).toEqual([{ eventId: id, email: keen.email, optedIn: false, source: 'member' }]);
    await w.stop();
  });

  it('turning it off opts in to nothing more, and leaves answers as they are', async () => {
    expect((await call(keen, 'PUT', '/api/event-preferences', { optInEveryEvent: false })).body).toMatchObject({ optInEveryEvent: false });
    const before = await participations();
    const id = await schedule(40);
    const w = worker();
    await w.runDue();
    await w.stop();
    expect(await participations()).toEqual(before);
    expect(id).toBeTruthy();
  });

  it('offers only switchable smart plugs, refuses never-switch plugs with a 4xx, and the database refuses them too', async () => {
    const lamp = await createDevice(t.database.db, keenHome.id, { externalId: 'lamp', name: 'Lamp', kind: 'smart_plug' });
    const fridge = await createDevice(t.database.db, keenHome.id, { externalId: 'fridge', name: 'Fridge', kind: 'smart_plug', neverSwitch: true });
    const meter = await createDevice(t.database.db, keenHome.id, { externalId: 'thermo', name: 'Thermostat', kind: 'temperature' });
    const casualHome = await ensureHouseholdForUser(t.database.db, casual.userId);
    const neighbours = await createDevice(t.database.db, casualHome.id, { externalId: 'tv', name: 'TV', kind: 'smart_plug' });
    const choices = async () => rowsOf<{ deviceId: string }>(await t.database.db.execute(sql`select device_id as "deviceId" from event_plug_choices order by 1`));

    expect((await call(keen, 'GET', '/api/event-preferences')).body).toEqual({ optInEveryEvent: false, plugs: [{ deviceId: lamp.id, name: 'Lamp', powerDown: false }], neverSwitchPlugs: 1 });

    const refusals: [string, unknown, number, string][] = [
      [fridge.id, { powerDown: true }, 409, 'never_switch'],
      [meter.id, { powerDown: true }, 409, 'not_a_plug'],
      [neighbours.id, { powerDown: true }, 404, 'not_found'],
      ['not-a-uuid', { powerDown: true }, 404, 'not_found'],
      [lamp.id, { powerDown: 'yes' }, 400, 'validation_failed'],
    ];
    for (const [id, body, status, code] of refusals) {
      const res = await call(keen, 'PUT', `/api/event-preferences/plugs/${id}`, body);
      expect(res.status, code).toBe(status);
      expect(res.body).toMatchObject({ error: { code } });
    }
    expect(await choices()).toEqual([]);

    const chosen = await call(keen, 'PUT', `/api/event-preferences/plugs/${lamp.id}`, { powerDown: true });
    expect(chosen.body).toMatchObject({ plugs: [{ deviceId: lamp.id, powerDown: true }] });
    expect(await choices()).toEqual([{ deviceId: lamp.id }]);

    // Written around the service, the database still refuses a never-switch plug…
    await expect(t.database.db.execute(sql`insert into event_plug_choices (device_id, household_id, chosen_at) values (${fridge.id}::uuid, ${keenHome.id}::uuid, now())`)).rejects.toThrow();
    // …and a plug marked never-switch later stops being chosen.
    await t.database.db.execute(sql`update devices set never_switch = true where id = ${lamp.id}::uuid`);
    expect(await choices()).toEqual([]);
  });
});
