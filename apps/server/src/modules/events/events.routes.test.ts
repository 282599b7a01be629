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
import { upsertProgram } from './events.repository';

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;

/** A weekday three or more days ago that is not an Ontario holiday: recent enough to correct its readings. */
function recentWeekday(): string {
  let date = addDays(localDateOf(new Date(), ZONE), -3);
  const holidays = new Set(provincialHolidayDates('ON', Number(date.slice(0, 4)) - 1, Number(date.slice(0, 4))));
  while (isWeekend(date) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

describe('Energy Saving Events API', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let member: Member;
  let programId: string;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 19, 0, ZONE);

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  });
  afterAll(() => t.close());

  const call = (who: Member | null, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: who ? asMember(who) : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const eventCount = async () => Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from energy_events`))[0]!.n);

  it('the ops API: 401 anonymous, 404 for a member, open to an operator', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/ops/programs'],
      ['GET', '/api/ops/events'],
      ['GET', `/api/ops/programs/${programId}/reach`],
      ['POST', '/api/ops/events', { programId, startsAt: new Date(Date.now() + 86_400_000).toISOString(), endsAt: new Date(Date.now() + 90_000_000).toISOString() }],
      ['PATCH', '/api/ops/events/00000000-0000-4000-8000-000000000000', { rewardPoints: 5 }],
      ['POST', '/api/ops/events/00000000-0000-4000-8000-000000000000/cancel'],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status, `anonymous ${method} ${path}`).toBe(401);
      const asMemberRes = await call(member, method, path, body);
      expect(asMemberRes.status, `member ${method} ${path}`).toBe(404);
      expect(await asMemberRes.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    expect(await eventCount()).toBe(0);
    // A member's household is made on their first visit.
    for (const who of [operator, member]) await call(who, 'GET', '/api/household');
    const programs = await call(operator, 'GET', '/api/ops/programs');
    expect(programs.status).toBe(200);
    // Both homes are in Ontario (the default without a postal code), but an operator's home is in
    // no area until the operator sets its postal code (decision 057): only the member counts.
    expect(await programs.json()).toEqual([expect.objectContaining({ name: 'Ontario Peak Saver', provinces: ['ON'], reach: 1 })]);
  });

  it('refuses bad events with their message and stores nothing', async () => {
    now = new Date(startsAt.getTime() - 6 * 3_600_000);
    const cases: [unknown, number, string][] = [
      [{ programId, startsAt: new Date(now.getTime() - 60_000).toISOString(), endsAt: endsAt.toISOString() }, 400, 'The event must start in the future.'],
      [{ programId, startsAt: endsAt.toISOString(), endsAt: startsAt.toISOString() }, 400, 'The event must end after it starts.'],
      [{ programId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 5 * 3_600_000).toISOString() }, 400, 'An event lasts at most 4 hours.'],
      [{ programId: '00000000-0000-4000-8000-000000000000', startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }, 404, 'No such program.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(operator, 'POST', '/api/ops/events', body);
      expect(res.status, message).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    const reward = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), rewardPoints: 0 });
    expect(reward.status).toBe(400);
    expect(JSON.stringify(await reward.json())).toContain('The reward must be at least 1 point.');
    expect(await eventCount()).toBe(0);
  });

  it('a member sees the event, opts in and out until the start, and not after', async () => {
    now = new Date(startsAt.getTime() - 6 * 3_600_000);
    const scheduled = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() });
    expect(scheduled.status).toBe(201);
    const { id } = (await scheduled.json()) as { id: string };

    const next = (await (await call(member, 'GET', '/api/events/next')).json()) as { event: Record<string, unknown> };
    expect(next.event).toMatchObject({ id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), timeZone: ZONE, rewardPoints: 100, targetPercent: 10, status: 'scheduled', optedIn: false, canChange: true });

    expect((await call(member, 'PUT', `/api/events/${id}/participation`, { optedIn: true })).status).toBe(200);
    expect((await call(member, 'PUT', `/api/events/${id}/participation`, { optedIn: false })).status).toBe(200);
    expect(await (await call(member, 'PUT', `/api/events/${id}/participation`, { optedIn: true })).json()).toMatchObject({ optedIn: true });
    expect((await call(member, 'PUT', `/api/events/not-a-uuid/participation`, { optedIn: true })).status).toBe(400);
    expect((await call(member, 'PUT', `/api/events/00000000-0000-4000-8000-000000000000/participation`, { optedIn: true })).status).toBe(404);

    now = new Date(startsAt.getTime() + 60_000);
    const late = await call(member, 'PUT', `/api/events/${id}/participation`, { optedIn: false });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: { code: 'opt_in_closed', message: 'Opting in or out closes when the event starts.' } });
    const edit = await call(operator, 'PATCH', `/api/ops/events/${id}`, { rewardPoints: 500 });
    expect(edit.status).toBe(409);
    expect(rowsOf<{ opted_in: boolean }>(await t.database.db.execute(sql`select opted_in from event_participations`))).toEqual([{ opted_in: true }]);
  });

  it('settles from stored readings: points equal a hand computation, paid once, and only the difference on re-settlement', async () => {
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    const credential = await issueIngestCredential(t.database.db, household.id, null, 'test');
    // 30 days of 0.5 kWh every 5 minutes from 13:00 to 20:00; on the event day 0.5 before and 0.4 during the event.
    const meter: Record<string, unknown>[] = [];
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      for (let ms = zonedTimeToUtc(day, 13, 0, ZONE).getTime(); ms < zonedTimeToUtc(day, 20, 0, ZONE).getTime(); ms += FIVE_MINUTES) {
        const during = back === 0 && ms >= startsAt.getTime() && ms < endsAt.getTime();
        meter.push({ ts: new Date(ms).toISOString(), productionKwh: 0, consumptionKwh: during ? 0.4 : 0.5, gridImportKwh: during ? 0.4 : 0.5, gridExportKwh: 0 });
      }
    }
    const ingest = (body: unknown) =>
      t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credential.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // Ingest reads the app's clock (decision 050): the day's readings arrive once it is over.
    now = zonedTimeToUtc(eventDate, 20, 0, ZONE);
    expect(await (await ingest({ meter })).json()).toMatchObject({ accepted: meter.length, rejected: [] });

    const worker = startDurableWorker({ db: t.database.db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => now });
    now = new Date(endsAt.getTime() + 20 * 60_000);
    await worker.runDue();
    const [event] = (await (await call(operator, 'GET', '/api/ops/events')).json()) as { id: string; status: string; settled: unknown }[];
    // Baseline 12 × 0.5 = 6 kWh, actual 12 × 0.4 = 4.8: a 20 % cut against a 10 % target
    // earns 100 × (1 + (20 − 10) / (2 × 10)) = 150 points.
    expect(event).toMatchObject({ status: 'settled', settled: { households: 1, pointsAwarded: 150, pointsHeld: 0, insufficientData: 0 } });
    const points = (await (await call(member, 'GET', '/api/points')).json()) as { balance: number; valueCents: number; lifetimeEarned: number; activity: unknown[] };
    expect(points).toMatchObject({ balance: 150, valueCents: 150, lifetimeEarned: 150 });
    expect(points.activity).toEqual([expect.objectContaining({ kind: 'event_reward', amount: 150, eventId: event!.id })]);
    const detail = (await (await call(member, 'GET', `/api/events/${event!.id}`)).json()) as { result: Record<string, unknown> & { baselineDays: string[]; intervals: unknown[] } };
    expect(detail.result).toMatchObject({ outcome: 'settled', adjustmentFactor: 1, points: 150, targetMet: true });
    expect(detail.result.baselineKwh).toBeCloseTo(6, 9);
    expect(detail.result.actualKwh).toBeCloseTo(4.8, 9);
    expect(detail.result.baselineDays).toHaveLength(10);
    expect(detail.result.intervals).toHaveLength(12);

    // Running settlement again changes nothing.
    await t.database.db.transaction(async (tx) => {
      const { settleEndedEvent } = await import('./event-settlement.service');
      await settleEndedEvent(tx, event!.id, now);
    });
    expect(((await (await call(member, 'GET', '/api/points')).json()) as { balance: number }).balance).toBe(150);

    // A late correction within the week: two event intervals were 0.2, not 0.4. The cut is now
    // (6 − 4.4) / 6 = 26.67 %: 100 × (1 + 16.67 / 20) = 183 points, so 33 more.
    const corrected = [0, 1].map((i) => ({ ts: new Date(startsAt.getTime() + i * FIVE_MINUTES).toISOString(), productionKwh: 0, consumptionKwh: 0.2, gridImportKwh: 0.2, gridExportKwh: 0 }));
    expect(await (await ingest({ meter: corrected })).json()).toMatchObject({ corrected: 2 });
    now = new Date(endsAt.getTime() + 25 * 3_600_000);
    await worker.runDue();
    const after = (await (await call(member, 'GET', '/api/points')).json()) as { balance: number; activity: { kind: string; amount: number }[] };
    expect(after.balance).toBe(183);
    expect(after.activity.map((a) => [a.kind, a.amount])).toEqual([
      ['event_adjustment', 33],
      ['event_reward', 150],
    ]);
    await worker.stop();
  });
});
