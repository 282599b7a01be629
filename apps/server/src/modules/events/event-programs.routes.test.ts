import { sql } from 'drizzle-orm';
import { zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker } from '../../jobs/durable-worker';
import { programJobHandlers } from '../../jobs/program-jobs';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';

// A fixed "now" in late November 2026: the Québec winter season below starts on 1 December.
const NOW = new Date('2026-11-20T15:00:00Z');
const MONTREAL = 'America/Toronto';

const quebecWinter = {
  name: 'Hiver Québec test',
  nameFr: 'Défi hivernal Québec',
  provinces: ['QC'],
  seasonStart: '2026-12-01',
  seasonEnd: '2027-03-31',
  windows: [
    { weekdays: [1, 2, 3, 4, 5], start: '06:00', end: '10:00' },
    { weekdays: [1, 2, 3, 4, 5], start: '16:00', end: '20:00' },
  ],
  noticeHours: 12,
  rewardPoints: 150,
  pointsPerKwh: 20,
  targetPercent: 15,
  preheat: true,
};

describe('Programs API (operators’ data, members’ view)', () => {
  let t: TestApp;
  const now = NOW;
  let operator: Member;
  let member: Member;
  let quebecId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
  });
  afterAll(() => t.close());

  const call = (who: Member | null, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: who ? asMember(who) : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const programRows = async () => rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from event_programs order by name`)).map((r) => r.name);
  const home = async (who: Member, province: string, postalCode: string | null, zone: string) => {
    await call(who, 'GET', '/api/household');
    await t.database.db.execute(sql`update households set province = ${province}, postal_code = ${postalCode}, time_zone = ${zone} where owner_user_id = ${who.userId}`);
  };

  it('is the operators’: 401 anonymous, the same 404 as no route for a member, open to an operator', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/ops/programs'],
      ['POST', '/api/ops/programs', quebecWinter],
      ['GET', `/api/ops/programs/${id}`],
      ['PATCH', `/api/ops/programs/${id}`, { status: 'paused' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status, `anonymous ${method} ${path}`).toBe(401);
      expect((await call(member, method, path, body)).status, `member ${method} ${path}`).toBe(404);
    }
    expect(await programRows()).toEqual([]);
    expect((await call(operator, 'GET', '/api/ops/programs')).status).toBe(200);
    expect((await call(operator, 'GET', `/api/ops/programs/${id}`)).status).toBe(404);
  });

  it('creates a program and reads it back, defaults filled', async () => {
    const res = await call(operator, 'POST', '/api/ops/programs', quebecWinter);
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string };
    quebecId = created.id;
    expect(created).toEqual({
      ...quebecWinter,
      id: quebecId,
      fsas: null,
      baselineMethod: 'high-ten-adjusted',
      holdoutPercent: 5,
      stacks: false,
      status: 'active',
    });
    expect(await (await call(operator, 'GET', `/api/ops/programs/${quebecId}`)).json()).toEqual(created);
    const [row] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select name_fr, to_char(season_start, 'YYYY-MM-DD') as s, default_reward_points, points_per_kwh, holdout_percent, preheat from event_programs where id = ${quebecId}::uuid`),
    );
    expect(row).toEqual({ name_fr: 'Défi hivernal Québec', s: '2026-12-01', default_reward_points: 150, points_per_kwh: 20, holdout_percent: 5, preheat: true });
  });

  it('refuses an invalid program with a reason per problem, and stores nothing', async () => {
    const before = await programRows();
    const cases: [string, unknown, number, string[]][] = [
      ['overlapping season over the same area', { ...quebecWinter, name: 'Second QC', seasonStart: '2027-03-01', seasonEnd: '2027-05-01' }, 400, ['season_overlaps']],
      ['a window ending before it starts', { ...quebecWinter, name: 'Bad window', provinces: ['ON'], windows: [{ weekdays: [1], start: '20:00', end: '16:00' }] }, 400, ['window_ends_before_start']],
      ['a province not served', { ...quebecWinter, name: 'Maritimes', provinces: ['NS'] }, 400, ['province_not_served']],
      ['points below 1', { ...quebecWinter, name: 'Free', provinces: ['ON'], rewardPoints: 0 }, 400, ['points_below_one']],
      ['an FSA outside its provinces', { ...quebecWinter, name: 'Toronto in QC', fsas: ['M5V'] }, 400, ['fsa_outside_provinces']],
      ['a season ending before it starts', { ...quebecWinter, name: 'Backwards', provinces: ['AB'], seasonEnd: '2026-11-01' }, 400, ['season_ends_before_start']],
      ['two problems at once', { ...quebecWinter, name: 'Two', provinces: ['NS'], rewardPoints: 0 }, 400, ['province_not_served', 'points_below_one']],
    ];
    for (const [what, body, status, codes] of cases) {
      const res = await call(operator, 'POST', '/api/ops/programs', body);
      expect(res.status, what).toBe(status);
      const error = ((await res.json()) as { error: { code: string; details: { path: string; message: string }[] } }).error;
      expect(error.code, what).toBe('invalid_program');
      expect(error.details.map((p) => p.path), what).toEqual(codes);
      expect(error.details.every((p) => p.message.length > 0), what).toBe(true);
    }
    // The contract's own bounds: a 400 too, never a 500.
    for (const body of [{ ...quebecWinter, name: '' }, { ...quebecWinter, baselineMethod: 'whatever' }, { ...quebecWinter, rewardPoints: 1.5 }, { ...quebecWinter, seasonStart: '2026-13-01' }]) {
      expect((await call(operator, 'POST', '/api/ops/programs', body)).status).toBe(400);
    }
    // A bad edit changes nothing either.
    const edit = await call(operator, 'PATCH', `/api/ops/programs/${quebecId}`, { windows: [{ weekdays: [1], start: '10:00', end: '06:00' }] });
    expect(edit.status).toBe(400);
    expect(await programRows()).toEqual(before);
    const [stored] = rowsOf<{ windows: unknown }>(await t.database.db.execute(sql`select windows from event_programs where id = ${quebecId}::uuid`));
    expect(stored!.windows).toEqual(quebecWinter.windows);
  });

  it('schedules events only inside the season and windows; an edit leaves announced events as they were', async () => {
    // Tuesday 2027-01-12, Montréal time.
    const at = (h: number, m = 0, date = '2027-01-12') => zonedTimeToUtc(date, h, m, MONTREAL).toISOString();
    const schedule = (startsAt: string, endsAt: string) => call(operator, 'POST', '/api/ops/events', { programId: quebecId, startsAt, endsAt });
    const refused: [string, string, string, string][] = [
      ['before the season', at(7, 0, '2026-11-24'), at(8, 0, '2026-11-24'), 'outside_season'],
      ['after the season', at(7, 0, '2027-04-06'), at(8, 0, '2027-04-06'), 'outside_season'],
      ['across the end of a window', at(9), at(11), 'outside_windows'],
      ['between windows', at(12), at(13), 'outside_windows'],
      ['on a Saturday', at(7, 0, '2027-01-16'), at(8, 0, '2027-01-16'), 'outside_windows'],
    ];
    const count = async () => Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from energy_events`))[0]!.n);
    for (const [what, s, e, code] of refused) {
      const res = await schedule(s, e);
      expect(res.status, what).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code, what).toBe(code);
    }
    expect(await count()).toBe(0);

    const ok = await schedule(at(6), at(9));
    expect(ok.status).toBe(201);
    const { id: eventId } = (await ok.json()) as { id: string };
    // Moving it out of the windows is refused too.
    expect((await call(operator, 'PATCH', `/api/ops/events/${eventId}`, { endsAt: at(10, 30) })).status).toBe(400);

    const edited = await call(operator, 'PATCH', `/api/ops/programs/${quebecId}`, { rewardPoints: 400, pointsPerKwh: 50, targetPercent: 30 });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ rewardPoints: 400, pointsPerKwh: 50, targetPercent: 30, name: quebecWinter.name });
    const [event] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select reward_points, target_percent, points_per_kwh, baseline_method from energy_events where id = ${eventId}::uuid`),
    );
    expect(event).toEqual({ reward_points: 150, target_percent: 15, points_per_kwh: 20, baseline_method: 'high-ten-adjusted' });

    // Paused: no new events; resumed: again; ended: final.
    expect((await call(operator, 'PATCH', `/api/ops/programs/${quebecId}`, { status: 'paused' })).status).toBe(200);
    const whilePaused = await schedule(at(17, 0, '2027-01-13'), at(18, 0, '2027-01-13'));
    expect(whilePaused.status).toBe(409);
    expect(((await whilePaused.json()) as { error: { code: string } }).error.code).toBe('program_not_active');
    expect((await call(operator, 'PATCH', `/api/ops/programs/${quebecId}`, { status: 'active' })).status).toBe(200);
    expect((await schedule(at(17, 0, '2027-01-13'), at(18, 0, '2027-01-13'))).status).toBe(201);
    expect(await count()).toBe(2);
  });

  it('shows each member the programs covering their home, by province and FSA, or says why there are none', async () => {
    const montreal = await createMember(t.app);
    const quebecCity = await createMember(t.app);
    const vancouver = await createMember(t.app);
    const halifax = await createMember(t.app);
    await home(montreal, 'QC', 'H2X 1Y4', MONTREAL);
    await home(quebecCity, 'QC', 'G1R 4P5', MONTREAL);
    await home(vancouver, 'BC', 'V6B 1A1', 'America/Vancouver');
    await home(halifax, 'NS', 'B3H 1A1', 'America/Halifax');
    const plateau = await call(operator, 'POST', '/api/ops/programs', { ...quebecWinter, name: 'Plateau pilot', nameFr: 'Projet pilote Plateau', fsas: ['H2X'], seasonStart: '2027-04-01', seasonEnd: '2027-06-30', preheat: false });
    expect(plateau.status).toBe(201);

    const view = async (who: Member) => (await call(who, 'GET', '/api/programs')).json() as Promise<{ place: string; programs: { name: string; nameFr: string; takingPart: boolean }[]; notifyWhenStarts: boolean }>;
    const mtl = await view(montreal);
    expect(mtl.place).toBe('served');
    expect(mtl.programs.map((p) => p.name)).toEqual(['Hiver Québec test', 'Plateau pilot']);
    expect(mtl.programs.map((p) => p.takingPart)).toEqual([false, false]);
    expect((await view(quebecCity)).programs.map((p) => p.nameFr)).toEqual(['Défi hivernal Québec']);
    expect(await view(vancouver)).toEqual({ place: 'served', province: 'BC', programs: [], notifyWhenStarts: false });
    expect(await view(halifax)).toEqual({ place: 'outside', province: 'NS', programs: [], notifyWhenStarts: false });
    // The default member's home is in Ontario: no program there yet.
    expect((await view(member)).programs).toEqual([]);
    // An ended program is no longer shown.
    const plateauId = ((await plateau.json()) as { id: string }).id;
    expect((await call(operator, 'PATCH', `/api/ops/programs/${plateauId}`, { status: 'ended' })).status).toBe(200);
    expect((await view(montreal)).programs.map((p) => p.name)).toEqual(['Hiver Québec test']);
    expect((await call(operator, 'PATCH', `/api/ops/programs/${plateauId}`, { status: 'active' })).status).toBe(409);

    // Opting in to one of its events makes the home one taking part.
    const [event] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from energy_events where program_id = ${quebecId}::uuid order by starts_at limit 1`));
    expect((await call(montreal, 'PUT', `/api/events/${event!.id}/participation`, { optedIn: true })).status).toBe(200);
    expect((await view(montreal)).programs.map((p) => p.takingPart)).toEqual([true]);
    // Its event page knows the program asks for pre-heat, and has the program's French name (decision 109).
    const detail = (await (await call(montreal, 'GET', `/api/events/${event!.id}`)).json()) as { event: Record<string, unknown> };
    expect(detail.event).toMatchObject({ programName: 'Hiver Québec test', programNameFr: 'Défi hivernal Québec', preheat: true });
  });

  it('tells a member who asked, once, when a program starts covering their home', async () => {
    const calgary = await createMember(t.app);
    const edmonton = await createMember(t.app);
    await home(calgary, 'AB', 'T2P 1J9', 'America/Edmonton');
    await home(edmonton, 'AB', 'T5J 0N3', 'America/Edmonton');
    const asked = await call(calgary, 'PUT', '/api/programs/start-notice', { notify: true });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ place: 'served', programs: [], notifyWhenStarts: true });
    expect((await call(calgary, 'PUT', '/api/programs/start-notice', { notify: 'yes' })).status).toBe(400);

    const worker = startDurableWorker({ db: t.database.db, handlers: programJobHandlers({ mailer: t.accounts.mailer, publicUrl: 'http://localhost' }), logger: createLogger({ level: 'silent' }), clock: () => now });
    const mails = async (to: string) => rowsOf<{ subject: string }>(await t.database.db.execute(sql`select subject from email_outbox where "to" = ${to} and kind = 'program-started'`));
    try {
      // Only in Calgary's FSA: Edmonton, which did not ask anyway, is not covered.
      const res = await call(operator, 'POST', '/api/ops/programs', { ...quebecWinter, name: 'Alberta Peak Test', nameFr: 'Pointe Alberta', provinces: ['AB'], fsas: ['T2P'], preheat: false });
      expect(res.status).toBe(201);
      while ((await worker.runDue()) > 0);
      expect(await mails(calgary.email)).toEqual([{ subject: 'A Peakwise program now covers your home: Alberta Peak Test' }]);
      expect(await mails(edmonton.email)).toEqual([]);
      expect((await (await call(calgary, 'GET', '/api/programs')).json()) as object).toMatchObject({ notifyWhenStarts: false, programs: [{ name: 'Alberta Peak Test' }] });
      // An edit of the program runs the job again: nobody is told twice.
      const id = ((await res.json()) as { id: string }).id;
      expect((await call(operator, 'PATCH', `/api/ops/programs/${id}`, { rewardPoints: 99 })).status).toBe(200);
      while ((await worker.runDue()) > 0);
      expect(await mails(calgary.email)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('lists programs with their reach for the console', async () => {
    const res = await call(operator, 'GET', '/api/ops/programs');
    const list = (await res.json()) as { name: string; reach: number; status: string }[];
    // Reach counts homes from the raw rows: the Montréal and Québec City members are in QC.
    const [qc] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from households where province = 'QC'`));
    expect(list.find((p) => p.name === 'Hiver Québec test')).toMatchObject({ reach: qc!.n, status: 'active' });
    expect(list.at(-1)).toMatchObject({ name: 'Plateau pilot', status: 'ended' });
  });
});
