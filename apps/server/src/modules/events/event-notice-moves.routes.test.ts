import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { upsertProgram } from './events.repository';

/*
 * Decision 113 through the console's API: a program's notice when an event is scheduled or moved,
 * and a move that would leave a home in an exclusive program's event and another at the same time.
 * Every refusal leaves the stored rows as they were.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('notice and moves', () => {
  let t: TestApp;
  // A Monday noon, in UTC; the legacy programs run all year, all day.
  let now = new Date('2031-03-03T12:00:00Z');
  let operator: Member;
  let member: Member;
  const programs = { notice: '', exclusive: '', stacking: '', emergency: '' };
  const at = (hoursAhead: number) => new Date(now.getTime() + hoursAhead * HOUR);

  const call = (who: Member, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: asMember(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => rowsOf<T>(r));
  const schedule = (programId: string, from: Date, to: Date) => call(operator, 'POST', '/api/ops/events', { programId, startsAt: from.toISOString(), endsAt: to.toISOString() });
  const move = (id: string, from: Date, to: Date) => call(operator, 'PATCH', `/api/ops/events/${id}`, { startsAt: from.toISOString(), endsAt: to.toISOString() });
  const idOf = async (response: Response) => {
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const stored = async (id: string) =>
    (await rows<{ startsAt: string; endsAt: string; revision: number }>(sql`select starts_at as "startsAt", ends_at as "endsAt", revision from energy_events where id = ${id}::uuid`)).map((r) => ({
      startsAt: new Date(r.startsAt).toISOString(),
      endsAt: new Date(r.endsAt).toISOString(),
      revision: r.revision,
    }))[0];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
    await call(member, 'GET', '/api/household');
    const db = t.database.db;
    const program = (name: string, noticeHours: number) => upsertProgram(db, { name, provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours });
    programs.notice = await program('Twelve hours ahead', 12);
    programs.exclusive = await program('Exclusive', 2);
    programs.stacking = await program('Stacking', 2);
    programs.emergency = await program('Grid emergency', 0);
    await db.execute(sql`update event_programs set stacks = false where id = ${programs.exclusive}::uuid`);
    await db.execute(sql`update event_programs set stacks = true where id = ${programs.stacking}::uuid`);
  }, 120_000);
  afterAll(() => t.close());

  it('refuses an event inside its program’s notice with the earliest start, and stores nothing', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from energy_events`))[0]!.n;
    const jobs = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from durable_jobs`))[0]!.n;
    const [events, queued] = [await count(), await jobs()];
    const refused = await schedule(programs.notice, at(11), at(12));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { code: string; message: string; details: { noticeHours: number; earliestStart: string } } };
    // Noon plus 12 hours: midnight UTC.
    expect(body.error).toEqual({ code: 'notice_too_short', message: expect.stringMatching(/more notice/), details: { noticeHours: 12, earliestStart: '2031-03-04T00:00:00.000Z' } });
    expect(await count()).toBe(events);
    expect(await jobs()).toBe(queued);
    // Exactly the notice ahead is enough; a program with no notice takes an event ten minutes ahead.
    await idOf(await schedule(programs.notice, at(12), at(13)));
    await idOf(await schedule(programs.emergency, new Date(now.getTime() + 10 * MINUTE), at(1)));
  });

  it('a move that asks more needs the notice again; one that asks less does not', async () => {
    const id = await idOf(await schedule(programs.notice, at(14), at(16)));
    const told = await stored(id);
    // Two hours later the event is 12 hours off: bringing it forward an hour is refused.
    now = at(2);
    const earlier = await move(id, at(11), at(14));
    expect(earlier.status).toBe(400);
    expect(((await earlier.json()) as { error: { code: string } }).error.code).toBe('notice_too_short');
    // So is running it later than members were told, now inside the notice.
    now = at(4);
    expect((await move(id, at(8), at(11))).status).toBe(400);
    expect(await stored(id)).toEqual(told);
    // Shortening it asks less, so it needs no fresh notice.
    expect((await move(id, at(8), at(9))).status).toBe(204);
    expect(await stored(id)).toMatchObject({ startsAt: at(8).toISOString(), endsAt: at(9).toISOString() });
  });

  it('refuses a move that would put a home in an exclusive program’s event and another at once, with how many, and writes nothing', async () => {
    now = new Date('2031-03-10T12:00:00Z');
    const exclusive = await idOf(await schedule(programs.exclusive, at(6), at(7)));
    const stacking = await idOf(await schedule(programs.stacking, at(8), at(9)));
    expect((await call(member, 'PUT', `/api/events/${exclusive}/participation`, { optedIn: true })).status).toBe(200);
    expect((await call(member, 'PUT', `/api/events/${stacking}/participation`, { optedIn: true })).status).toBe(200);
    const before = await stored(stacking);
    const participations = async () => rows<{ eventId: string; optedIn: boolean }>(sql`select event_id as "eventId", opted_in as "optedIn" from event_participations order by event_id`);
    const joined = await participations();

    const refused = await move(stacking, new Date(at(6).getTime() + 30 * MINUTE), new Date(at(7).getTime() + 30 * MINUTE));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: unknown }).error).toEqual({
      code: 'exclusive_clash',
      message: expect.stringMatching(/exclusive program/),
      details: { households: 1, eventIds: [exclusive] },
    });
    expect(await stored(stacking)).toEqual(before);
    expect(await participations()).toEqual(joined);
    // The exclusive event moved onto the other clashes too, this time by its own program's rule.
    const exclusiveBefore = await stored(exclusive);
    const ownRule = await move(exclusive, at(8), at(9));
    expect(ownRule.status).toBe(409);
    expect(((await ownRule.json()) as { error: { details: unknown } }).error.details).toEqual({ households: 1, eventIds: [stacking] });
    expect(await stored(exclusive)).toEqual(exclusiveBefore);

    // Side by side (no shared five minutes) is no clash.
    expect((await move(stacking, at(7), at(8))).status).toBe(204);
    // Once the home leaves the exclusive event, the move goes through.
    expect((await call(member, 'PUT', `/api/events/${exclusive}/participation`, { optedIn: false })).status).toBe(200);
    expect((await move(stacking, new Date(at(6).getTime() + 30 * MINUTE), new Date(at(7).getTime() + 30 * MINUTE))).status).toBe(204);
  });
});
