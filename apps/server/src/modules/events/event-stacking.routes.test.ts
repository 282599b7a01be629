import { sql } from 'drizzle-orm';
import { addDays, isWeekend, localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';
import { upsertProgram } from './events.repository';

/*
 * More than one program (decision 108), through the API and the durable jobs. One home takes part
 * in two events of two stacking programs: A 17:00–19:00 (100 points per kWh) and B 18:00–20:00
 * (200 points per kWh). B pays 18:00–19:00; A is scored on 17:00–18:00 with half its reward, and
 * each pays its points per kWh beyond the target on the hours it pays (decision 113). The
 * points in the ledger are checked against a computation from the stored rows. An exclusive
 * program's event at the same time is refused and nothing is written.
 */

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

/** A weekday three or more days ago that is not a holiday. */
function recentWeekday(holidays: ReadonlySet<string>): string {
  let date = addDays(localDateOf(new Date(), ZONE), -3);
  while (isWeekend(date) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

describe('stacking programs: one kWh paid once; exclusive programs', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let member: Member;
  let other: Member;
  let third: Member;
  const programs: Record<'a' | 'b' | 'x', string> = { a: '', b: '', x: '' };
  const events: Record<'a' | 'b' | 'x', string> = { a: '', b: '', x: '' };
  const year = Number(localDateOf(new Date(), ZONE).slice(0, 4));
  const holidays = new Set(provincialHolidayDates('ON', year - 1, year));
  const eventDate = recentWeekday(holidays);
  const at = (hour: number, minute = 0) => zonedTimeToUtc(eventDate, hour, minute, ZONE);

  const call = (who: Member, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: asMember(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => rowsOf<T>(r));

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
    other = await createMember(t.app);
    third = await createMember(t.app);
    const db = t.database.db;
    const program = (name: string) => upsertProgram(db, { name, provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    programs.a = await program('Stacking A');
    programs.b = await program('Stacking B');
    programs.x = await program('Exclusive X');
    await db.execute(sql`update event_programs set stacks = true, points_per_kwh = 100 where id = ${programs.a}::uuid`);
    await db.execute(sql`update event_programs set stacks = true, points_per_kwh = 200 where id = ${programs.b}::uuid`);
    await db.execute(sql`update event_programs set stacks = false, points_per_kwh = 5 where id = ${programs.x}::uuid`);

    now = new Date(at(17).getTime() - 6 * HOUR);
    await call(member, 'GET', '/api/household');
    await call(other, 'GET', '/api/household');
    await call(third, 'GET', '/api/household');
    const schedule = async (programId: string, from: Date, to: Date) => {
      const created = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: from.toISOString(), endsAt: to.toISOString() });
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: string }).id;
    };
    events.a = await schedule(programs.a, at(17), at(19));
    events.b = await schedule(programs.b, at(18), at(20));
    events.x = await schedule(programs.x, at(18, 30), at(19, 30));
  }, 120_000);
  afterAll(() => t.close());

  it('an exclusive program’s event at the same time is refused with a reason, and nothing is written', async () => {
    expect((await call(member, 'PUT', `/api/events/${events.a}/participation`, { optedIn: true })).status).toBe(200);
    const participations = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from event_participations`))[0]!.n;
    const before = await participations();

    const refused = await call(member, 'PUT', `/api/events/${events.x}/participation`, { optedIn: true });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; message: string; details: { reason: string; eventId: string } } };
    expect(body.error).toMatchObject({ code: 'exclusive_program', details: { reason: 'this_program_exclusive', eventId: events.a } });
    expect(body.error.message).toMatch(/does not allow/);
    expect(await participations()).toBe(before);
    expect(await rows(sql`select 1 from event_baselines where event_id = ${events.x}::uuid`)).toHaveLength(0);

    // The event page says so before the member tries.
    const page = (await (await call(member, 'GET', `/api/events/${events.x}`)).json()) as { event: { stackingConflict?: { reason: string; eventId: string } } };
    expect(page.event.stackingConflict).toMatchObject({ reason: 'this_program_exclusive', eventId: events.a });

    // The other way round: a home in the exclusive program's event cannot join a stacking one beside it.
    expect((await call(other, 'PUT', `/api/events/${events.x}/participation`, { optedIn: true })).status).toBe(200);
    const otherBefore = await participations();
    const refusedToo = await call(other, 'PUT', `/api/events/${events.b}/participation`, { optedIn: true });
    expect(refusedToo.status).toBe(409);
    expect(((await refusedToo.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe('other_program_exclusive');
    expect(await participations()).toBe(otherBefore);
    // Opting out is never refused.
    expect((await call(other, 'PUT', `/api/events/${events.x}/participation`, { optedIn: false })).status).toBe(200);
  });

  it('before opting in, the member sees which event pays which hours', async () => {
    const page = async (id: string) => ((await (await call(member, 'GET', `/api/events/${id}`)).json()) as { event: { payShares?: unknown[] } }).event.payShares;
    // What B pays per kWh beyond its target is on its page before opting in.
    const before = (await (await call(member, 'GET', `/api/events/${events.b}`)).json()) as { event: { pointsPerKwh?: number; optedIn: boolean } };
    expect(before.event).toMatchObject({ pointsPerKwh: 200, optedIn: false });
    // Not in B yet: B would pay its whole window (its rate is higher).
    expect(await page(events.b)).toEqual([{ startsAt: at(18).toISOString(), endsAt: at(20).toISOString(), eventId: events.b, programName: 'Stacking B', thisEvent: true }]);
    expect((await call(member, 'PUT', `/api/events/${events.b}/participation`, { optedIn: true })).status).toBe(200);
    expect(await page(events.a)).toEqual([
      { startsAt: at(17).toISOString(), endsAt: at(18).toISOString(), eventId: events.a, programName: 'Stacking A', thisEvent: true },
      { startsAt: at(18).toISOString(), endsAt: at(19).toISOString(), eventId: events.b, programName: 'Stacking B', thisEvent: false },
    ]);
  });

  it('"every event" opts in to the earlier of two events that exclude each other, and to both of two that stack', async () => {
    expect((await call(third, 'PUT', '/api/event-preferences', { optInEveryEvent: true })).status).toBe(200);
    const household = await ensureHouseholdForUser(t.database.db, third.userId);
    const joined = await rows<{ eventId: string }>(sql`select event_id as "eventId" from event_participations where household_id = ${household.id}::uuid and opted_in`);
    expect(joined.map((r) => r.eventId).sort()).toEqual([events.a, events.b].sort());
  });

  it('two overlapping events of stacking programs settle; the ledger pays each interval once, as computed from the raw rows', async () => {
    // 30 afternoons of readings 12:00–21:00, a different value in every slot. On the event day the
    // adjustment windows run 5 % high, 17:00–18:00 is cut by 20 % and 18:00–20:00 by 15 %.
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    const credential = await issueIngestCredential(t.database.db, household.id, null, 'test');
    const meter: Record<string, unknown>[] = [];
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      for (let ms = zonedTimeToUtc(day, 12, 0, ZONE).getTime(); ms < zonedTimeToUtc(day, 21, 0, ZONE).getTime(); ms += FIVE_MINUTES) {
        let kwh = 0.1 + ((ms / FIVE_MINUTES) % 7) / 100;
        if (back === 0 && ms < at(17).getTime()) kwh *= 1.05;
        else if (back === 0 && ms < at(18).getTime()) kwh *= 0.8;
        else if (back === 0 && ms < at(20).getTime()) kwh *= 0.85;
        kwh = Math.round(kwh * 1e4) / 1e4;
        meter.push({ ts: new Date(ms).toISOString(), productionKwh: 0, consumptionKwh: kwh, gridImportKwh: kwh, gridExportKwh: 0 });
      }
    }
    now = new Date(at(21).getTime() + 5 * 60_000);
    const ingest = await t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credential.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
    expect(await ingest.json()).toMatchObject({ accepted: meter.length, rejected: [] });
    // The live scorecards before settlement: every interval is in, so their points on track must
    // be what settlement pays, A's on the hour it pays alone (checked below against the ledger).
    const onTrack = async (id: string) => ((await (await call(member, 'GET', `/api/events/${id}/scorecard`)).json()) as { pointsOnTrack: number }).pointsOnTrack;
    const scorecardA = await onTrack(events.a);
    const scorecardB = await onTrack(events.b);

    const worker = startDurableWorker({ db: t.database.db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => now });
    now = new Date(at(21).getTime() + 20 * 60_000);
    await worker.runDue();
    await worker.stop();

    // By hand from the stored rows (decisions 029 and 101): 10 latest weekdays that are not
    // holidays; each event's window is the 3 hours ending two hours before its start (decision 138); the day's
    // difference there, per interval, times the event's intervals is added, capped at ±20 % of
    // the event's baseline, and shared over its intervals in proportion (a factor).
    const stored = (await rows<{ ts: string; kwh: number }>(sql`select ts, consumption_kwh as kwh from meter_readings where household_id = ${household.id}::uuid`)).map((r) => ({
      ms: new Date(r.ts).getTime(),
      kwh: Number(r.kwh),
    }));
    const total = (d: string, from: number, to: number) =>
      stored.filter((r) => r.ms >= zonedTimeToUtc(d, from, 0, ZONE).getTime() && r.ms < zonedTimeToUtc(d, to, 0, ZONE).getTime()).reduce((s, r) => s + r.kwh, 0);
    const days: string[] = [];
    for (let d = addDays(eventDate, -1); days.length < 10; d = addDays(d, -1)) if (!isWeekend(d) && !holidays.has(d)) days.push(d);
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const factor = (start: number, end: number) => {
      const base = mean(days.map((d) => total(d, start, end)));
      const added = ((total(eventDate, start - 5, start - 2) - mean(days.map((d) => total(d, start - 5, start - 2)))) / 36) * (end - start) * 12;
      return (base + Math.min(0.2 * base, Math.max(-0.2 * base, added))) / base;
    };
    const multiplier = (cut: number) => (cut < 10 ? 0 : Math.min(2, 1 + (cut - 10) / 20));
    // A: only 17:00–18:00 is its own (12 of 24 intervals): half the reward, on the cut there.
    const baselineA = mean(days.map((d) => total(d, 17, 18))) * factor(17, 19);
    const cutA = ((baselineA - total(eventDate, 17, 18)) / baselineA) * 100;
    // Per kWh saved beyond the 10 % target, floored (a millionth's float noise aside), on the hours each event pays.
    const perKwh = (rate: number, baseline: number, actual: number) => Math.max(0, Math.floor(Math.round(rate * (baseline - actual - 0.1 * baseline) * 1e6) / 1e6));
    const kwhPointsA = perKwh(100, baselineA, total(eventDate, 17, 18));
    const pointsA = Math.floor(((100 * 12) / 24) * multiplier(cutA)) + kwhPointsA;
    // B: the whole of 18:00–20:00.
    const baselineB = mean(days.map((d) => total(d, 18, 20))) * factor(18, 20);
    const cutB = ((baselineB - total(eventDate, 18, 20)) / baselineB) * 100;
    const kwhPointsB = perKwh(200, baselineB, total(eventDate, 18, 20));
    const pointsB = Math.floor(100 * multiplier(cutB)) + kwhPointsB;
    // Both pay something per kWh, so the ledger checks below fail without it.
    expect(kwhPointsA).toBeGreaterThan(5);
    expect(kwhPointsB).toBeGreaterThan(5);
    // Away from the curve's ends, so both points figures depend on the cut.
    expect(cutA).toBeGreaterThan(12);
    expect(cutA).toBeLessThan(28);
    expect(cutB).toBeGreaterThan(11);
    expect(cutB).toBeLessThan(28);

    const paidFor = async (eventId: string) =>
      (
        await rows<{ paid: number }>(sql`
          select coalesce(sum(en.amount), 0)::int as paid from points_transfers tr join points_entries en on en.transfer_id = tr.id
          join points_accounts a on a.id = en.account_id and a.kind = 'member' and a.household_id = ${household.id}::uuid
          where tr.event_id = ${eventId}::uuid`)
      )[0]!.paid;
    expect(await paidFor(events.a)).toBe(pointsA);
    expect(await paidFor(events.b)).toBe(pointsB);
    // The live scorecard promised the same, A's without the hour B pays (decision 108).
    expect(scorecardA).toBe(pointsA);
    expect(scorecardB).toBe(pointsB);
    const balance = ((await (await call(member, 'GET', '/api/points')).json()) as { balance: number }).balance;
    expect(balance).toBe(pointsA + pointsB);

    const result = async (id: string) =>
      ((await (await call(member, 'GET', `/api/events/${id}`)).json()) as { result: { outcome: string; points: number; baselineKwh: number; kwhPay?: { pointsPerKwh: number; kwhBeyondTarget: number; points: number } } }).result;
    expect(await result(events.a)).toMatchObject({ outcome: 'settled', points: pointsA, kwhPay: { pointsPerKwh: 100, points: kwhPointsA } });
    expect((await result(events.a)).baselineKwh).toBeCloseTo(baselineA, 9);
    expect((await result(events.a)).kwhPay!.kwhBeyondTarget).toBeCloseTo(0.9 * baselineA - total(eventDate, 17, 18), 5);
    expect(await result(events.b)).toMatchObject({ outcome: 'settled', points: pointsB, kwhPay: { pointsPerKwh: 200, points: kwhPointsB } });
    const ceded = await rows<{ detail: { cededSlots?: string[] } }>(sql`select detail from event_results where event_id = ${events.a}::uuid and household_id = ${household.id}::uuid`);
    expect(ceded[0]!.detail.cededSlots).toHaveLength(12);
    expect(ceded[0]!.detail.cededSlots![0]).toBe('18:00');
    // Each saving is tested on σ over the intervals it pays (decision 143): the sample σ of the ten
    // days' totals over the event's window, A's times √(12 ÷ 24) for the hour it cedes, each times
    // √(1 + 1 ÷ 10) (decision 141).
    const sd = (values: number[]) => Math.sqrt(values.reduce((s, v) => s + (v - mean(values)) ** 2, 0) / (values.length - 1));
    const sigmaOf = async (id: string) => Number((await rows<{ sigma: number }>(sql`select sigma_kwh as sigma from event_results where event_id = ${id}::uuid and household_id = ${household.id}::uuid`))[0]!.sigma);
    expect(sd(days.map((d) => total(d, 17, 19)))).toBeGreaterThan(0.001);
    expect(await sigmaOf(events.a)).toBeCloseTo(sd(days.map((d) => total(d, 17, 19))) * Math.sqrt(12 / 24) * Math.sqrt(1.1), 9);
    expect(await sigmaOf(events.b)).toBeCloseTo(sd(days.map((d) => total(d, 18, 20))) * Math.sqrt(1.1), 9);

    // The shared hour is recorded once, as B's.
    const shared = await rows<{ eventId: string; n: number; first: string }>(sql`
      select event_id as "eventId", count(*)::int as n, min(interval_start) as first from event_paid_intervals where household_id = ${household.id}::uuid group by event_id`);
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ eventId: events.b, n: 12 });
    expect(new Date(shared[0]!.first).getTime()).toBe(at(18).getTime());

    // Settling both again, in the other order, pays nothing more and records nothing more.
    now = new Date(at(21).getTime() + 2 * HOUR);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, events.b, now));
    await t.database.db.transaction((tx) => settleEndedEvent(tx, events.a, now));
    expect(((await (await call(member, 'GET', '/api/points')).json()) as { balance: number }).balance).toBe(pointsA + pointsB);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from event_paid_intervals`))[0]!.n).toBe(12);

    // A second event recording an interval already paid is refused by the table's key.
    await expect(
      t.database.db.execute(sql`insert into event_paid_intervals (household_id, interval_start, event_id, paid_at) values (${household.id}::uuid, ${at(18).toISOString()}::timestamptz, ${events.a}::uuid, now())`),
    ).rejects.toThrow();
  }, 180_000);
});
