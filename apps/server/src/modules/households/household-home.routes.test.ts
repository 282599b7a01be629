import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, signUpBody, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { eventForHousehold, upsertProgram } from '../events/events.repository';

type Row = { postalCode: string | null; province: string; timeZone: string };

/** Every table's row count, so a refusal can be shown to have written nothing anywhere. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const name of tables) counts[name] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`))[0]!.n;
  return counts;
}

async function homeRow(t: TestApp, userId: string): Promise<Row & { id: string; profileZone: string | null; plans: string[] }> {
  const [row] = rowsOf<Row & { id: string; profileZone: string | null }>(
    await t.database.db.execute(sql`
      select h.id, h.postal_code as "postalCode", h.province, h.time_zone as "timeZone", p.time_zone as "profileZone"
      from households h left join profiles p on p.id = h.owner_user_id where h.owner_user_id = ${userId}`),
  );
  const plans = rowsOf<{ plan: string }>(await t.database.db.execute(sql`select plan_id || '@' || effective_from::text as plan from household_tariffs where household_id = ${row!.id}::uuid order by effective_from`)).map((r) => r.plan);
  return { ...row!, plans };
}

describe('where the member’s home is (decision 057)', () => {
  let t: TestApp;
  const now = new Date('2030-05-14T16:00:00Z');
  const today = '2030-05-14';
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const put = (member: Member, body: unknown) => t.app.request('/api/household/home', { method: 'PUT', headers: asMember(member), body: typeof body === 'string' ? body : JSON.stringify(body) });
  const get = (member: Member) => t.app.request('/api/household/home', { headers: asMember(member) });

  it('answers 401 signed out', async () => {
    expect((await t.app.request('/api/household/home')).status).toBe(401);
    expect((await t.app.request('/api/household/home', { method: 'PUT', headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' }, body: '{"postalCode":"H2X 1Y4"}' })).status).toBe(401);
  });

  it('a new home has no postal code and is in Ontario, on its plan', async () => {
    const member = await createMember(t.app);
    const res = await get(member);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ postalCode: null, city: null, province: 'ON', timeZone: 'America/Toronto', tariffPlanId: 'on-tou', hasBattery: false });
  });

  it('a Québec postal code moves the home to Québec, its plan from today, keeping the Eastern zone', async () => {
    const member = await createMember(t.app);
    const before = await homeRow(t, member.userId);
    const res = await put(member, { postalCode: 'h2x-1y4' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ postalCode: 'H2X 1Y4', city: 'Montréal', province: 'QC', timeZone: 'America/Toronto', tariffPlanId: 'qc-rate-d', hasBattery: false });
    const after = await homeRow(t, member.userId);
    expect(after).toMatchObject({ postalCode: 'H2X1Y4', province: 'QC', timeZone: 'America/Toronto', profileZone: 'America/Toronto' });
    // The Ontario plan keeps the days before today; Québec's starts today.
    expect(after.plans).toEqual([...before.plans.filter((p) => !p.endsWith(today)), `qc-rate-d@${today}`]);
    expect(await (await get(member)).json()).toMatchObject({ postalCode: 'H2X 1Y4', city: 'Montréal', province: 'QC' });
  });

  it('British Columbia takes Pacific time unless the member picks Mountain; the profile follows', async () => {
    const member = await createMember(t.app);
    const pacific = await put(member, { postalCode: 'V6B 1A1' });
    expect(await pacific.json()).toMatchObject({ province: 'BC', city: 'Vancouver', timeZone: 'America/Vancouver', tariffPlanId: 'bc-residential-conservation' });
    expect(await homeRow(t, member.userId)).toMatchObject({ timeZone: 'America/Vancouver', profileZone: 'America/Vancouver' });
    const mountain = await put(member, { postalCode: 'V1C 2A1', timeZone: 'America/Edmonton' });
    expect(mountain.status).toBe(200);
    const row = await homeRow(t, member.userId);
    expect(row).toMatchObject({ postalCode: 'V1C2A1', province: 'BC', timeZone: 'America/Edmonton', profileZone: 'America/Edmonton' });
    // Same province: the plan is not touched again.
    expect(row.plans.filter((p) => p.startsWith('bc-'))).toEqual([`bc-residential-conservation@${localDateOf(now, 'America/Vancouver')}`]);
  });

  it('refuses a malformed code, an unserved one, a zone outside the province and a bad body, changing nothing', async () => {
    const member = await createMember(t.app);
    expect((await put(member, { postalCode: 'M5V 3L9' })).status).toBe(200);
    // The sign-up's email is written to the outbox after the answer; count once it is there.
    await t.accounts.mailer.settle();
    const home = await homeRow(t, member.userId);
    const counts = await rowCounts(t);
    const refusals: [unknown, number, string, string?][] = [
      [{ postalCode: 'D1A 1A1' }, 400, 'invalid_postal_code', 'Please enter a valid postal code (e.g., A1A 1A1)'],
      [{ postalCode: 'M5V 3L9X' }, 400, 'invalid_postal_code', 'Please enter a valid postal code (e.g., A1A 1A1)'],
      [{ postalCode: 'R3C 4T3' }, 400, 'postal_code_not_served', "We don't currently service this postal code's area, so your home can't be set there."],
      [{ postalCode: 'H2X 1Y4', timeZone: 'America/Vancouver' }, 400, 'time_zone_not_in_province', "This time zone is not used in your home's province."],
      [{ postalCode: 'H2X 1Y4', timeZone: 'Europe/Paris' }, 400, 'validation_failed'],
      [{ postalCode: 12345 }, 400, 'validation_failed'],
      [{ postalCode: 'x'.repeat(33) }, 400, 'validation_failed'],
      [{}, 400, 'validation_failed'],
      ['{"postalCode":', 400, 'bad_request'],
    ];
    for (const [body, status, code, message] of refusals) {
      const res = await put(member, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const answer = (await res.json()) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe(code);
      if (message) expect(answer.error.message).toBe(message);
    }
    expect(await homeRow(t, member.userId)).toEqual(home);
    expect(await rowCounts(t)).toEqual(counts);
  });

  it('a province change that fails part-way leaves the place, the zone and the plan as they were', async () => {
    const member = await createMember(t.app);
    const before = await homeRow(t, member.userId);
    // The plan row is the last write of the change; make the database refuse it.
    await t.database.db.execute(sql`
      create or replace function refuse_test_tariff() returns trigger language plpgsql as $$
      begin if new.plan_id = 'ab-rolr' then raise exception 'refused for the test'; end if; return new; end $$`);
    await t.database.db.execute(sql`create trigger refuse_test_tariff before insert on household_tariffs for each row execute function refuse_test_tariff()`);
    try {
      const res = await put(member, { postalCode: 'T2P 1J9' });
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_test_tariff on household_tariffs`);
    }
    expect(await homeRow(t, member.userId)).toEqual(before);
  });
});

describe('whether the home has a battery (decision 138)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2030-05-14T16:00:00Z') });
  });
  afterAll(() => t.close());

  const putBattery = (member: Member, body: unknown) =>
    t.app.request('/api/household/battery', { method: 'PUT', headers: asMember(member), body: typeof body === 'string' ? body : JSON.stringify(body) });
  const getHome = async (member: Member) => (await (await t.app.request('/api/household/home', { headers: asMember(member) })).json()) as { hasBattery: boolean };
  const batteryOf = async (userId: string) =>
    rowsOf<{ hasBattery: boolean }>(await t.database.db.execute(sql`select has_battery as "hasBattery" from households where owner_user_id = ${userId}`))[0]!.hasBattery;

  it('answers 401 signed out', async () => {
    const res = await t.app.request('/api/household/battery', { method: 'PUT', headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' }, body: '{"hasBattery":true}' });
    expect(res.status).toBe(401);
  });

  it('is no until the member says yes, and is saved without a postal code, moving nothing else', async () => {
    const member = await createMember(t.app);
    expect(await getHome(member)).toMatchObject({ postalCode: null, hasBattery: false });
    expect(await batteryOf(member.userId)).toBe(false);
    const before = await homeRow(t, member.userId);

    const yes = await putBattery(member, { hasBattery: true });
    expect(yes.status).toBe(200);
    expect(await yes.json()).toEqual({ hasBattery: true });
    expect(await batteryOf(member.userId)).toBe(true);
    expect(await getHome(member)).toEqual({ postalCode: null, city: null, province: 'ON', timeZone: 'America/Toronto', tariffPlanId: 'on-tou', hasBattery: true });
    expect(await homeRow(t, member.userId)).toEqual(before);

    // Moving the home keeps the member's word about the battery.
    expect((await t.app.request('/api/household/home', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ postalCode: 'H2X 1Y4' }) })).status).toBe(200);
    expect(await getHome(member)).toMatchObject({ postalCode: 'H2X 1Y4', hasBattery: true });

    const no = await putBattery(member, { hasBattery: false });
    expect(await no.json()).toEqual({ hasBattery: false });
    expect(await getHome(member)).toMatchObject({ hasBattery: false });
    expect(await batteryOf(member.userId)).toBe(false);
  });

  it('refuses anything but a boolean, changing nothing', async () => {
    const member = await createMember(t.app);
    expect((await putBattery(member, { hasBattery: true })).status).toBe(200);
    await t.accounts.mailer.settle();
    const home = await homeRow(t, member.userId);
    const counts = await rowCounts(t);
    const refusals: [unknown, string, string?][] = [
      [{ hasBattery: 'true' }, 'validation_failed', 'hasBattery must be true or false.'],
      [{ hasBattery: 'false' }, 'validation_failed', 'hasBattery must be true or false.'],
      [{ hasBattery: 0 }, 'validation_failed', 'hasBattery must be true or false.'],
      [{ hasBattery: null }, 'validation_failed', 'hasBattery must be true or false.'],
      [{}, 'validation_failed', 'hasBattery must be true or false.'],
      [{ hasBattery: false, postalCode: 'H2X 1Y4' }, 'validation_failed'],
      [[false], 'validation_failed'],
      ['{"hasBattery":', 'bad_request'],
    ];
    for (const [body, code, detail] of refusals) {
      const res = await putBattery(member, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: { code: string; details?: { path: string; message: string }[] } };
      expect(answer.error.code, JSON.stringify(body)).toBe(code);
      if (detail) expect(answer.error.details, JSON.stringify(body)).toEqual([{ path: 'hasBattery', message: detail }]);
    }
    expect(await batteryOf(member.userId)).toBe(true);
    expect(await homeRow(t, member.userId)).toEqual(home);
    expect(await rowCounts(t)).toEqual(counts);
  });

  it('is each member’s own: one member’s answer never reaches another’s home', async () => {
    const alice = await createMember(t.app);
    const bob = await createMember(t.app);
    expect((await putBattery(alice, { hasBattery: true })).status).toBe(200);
    expect(await getHome(bob)).toMatchObject({ hasBattery: false });
    expect(await batteryOf(bob.userId)).toBe(false);
    // Bob saying no, even with Alice's id in the body, is refused and leaves Alice's yes alone.
    expect((await putBattery(bob, { hasBattery: false, householdId: (await homeRow(t, alice.userId)).id })).status).toBe(400);
    expect((await putBattery(bob, { hasBattery: false })).status).toBe(200);
    expect(await batteryOf(alice.userId)).toBe(true);
    expect(await getHome(alice)).toMatchObject({ hasBattery: true });
  });
});

describe('the landing page’s checked postal code at sign-up (decision 057)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (extra: Record<string, unknown>) =>
    t.app.request('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, body: JSON.stringify({ ...signUpBody(), ...extra }) });

  it('starts the household in the checked place, its zone and plan', async () => {
    const res = await signUp({ postalCode: 'g1r 4p5' });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    const home = await homeRow(t, user.id);
    expect(home).toMatchObject({ postalCode: 'G1R4P5', province: 'QC', timeZone: 'America/Toronto' });
    expect(home.plans).toHaveLength(1);
    expect(home.plans[0]).toMatch(/^qc-rate-d@/);
  });

  it('refuses a malformed or unserved code and makes no account', async () => {
    // An earlier test's sign-up email may still be on its way to the outbox.
    await t.accounts.mailer.settle();
    const counts = await rowCounts(t);
    for (const postalCode of ['12345', 'R3C 4T3', 42, '']) {
      const res = await signUp({ postalCode });
      expect(res.status, String(postalCode)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_POSTAL_CODE');
    }
    expect(await rowCounts(t)).toEqual(counts);
  });

  it('without one, the household starts in Ontario with no postal code', async () => {
    const res = await signUp({});
    const { user } = (await res.json()) as { user: { id: string } };
    expect(await homeRow(t, user.id)).toMatchObject({ postalCode: null, province: 'ON' });
  });
});

describe('operators and event areas (decision 057)', () => {
  let t: TestApp;
  const now = new Date('2030-05-14T16:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  it('an operator’s household is in no area until the operator sets their home; a member’s is', async () => {
    const member = await createMember(t.app);
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    const reach = async () => {
      const res = await t.app.request('/api/ops/programs', { headers: asMember(operator) });
      return ((await res.json()) as { id: string; reach: number }[]).find((p) => p.id === programId)!.reach;
    };
    const ontarioHomes = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from households where province = 'ON'`))[0]!.n;
    // Both homes are in Ontario with no postal code; only the member's counts.
    expect(await reach()).toBe((await ontarioHomes()) - 1);

    const scheduled = await t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, startsAt: '2030-05-14T22:00:00Z', endsAt: '2030-05-14T23:00:00Z' }) });
    expect(scheduled.status).toBe(201);
    const { id: eventId } = (await scheduled.json()) as { id: string };
    const memberHome = await homeRow(t, member.userId);
    const operatorHome = await homeRow(t, operator.userId);
    expect((await eventForHousehold(t.database.db, eventId, memberHome.id))?.inArea).toBe(true);
    expect((await eventForHousehold(t.database.db, eventId, operatorHome.id))?.inArea).toBe(false);
    expect((await t.app.request(`/api/events/${eventId}`, { headers: asMember(operator) })).status).toBe(404);

    const set = await t.app.request('/api/household/home', { method: 'PUT', headers: asMember(operator), body: JSON.stringify({ postalCode: 'K1A 0B1' }) });
    expect(set.status).toBe(200);
    expect(await reach()).toBe(await ontarioHomes());
    expect((await eventForHousehold(t.database.db, eventId, operatorHome.id))?.inArea).toBe(true);
  });
});
