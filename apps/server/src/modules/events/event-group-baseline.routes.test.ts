import { sql } from 'drizzle-orm';
import { addDays, isWeekend, localDateOf } from '@peakwise/domain/local-time';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';
import { upsertProgram } from './events.repository';
import { gridOnlyDays } from '../../test/grid-only-readings';
import { groupBaselineCalls } from '../../test/group-baseline-calls';

const ZONE = 'America/Toronto';

/** A weekday six or more days ago that is not an Ontario holiday, and the two ordinary weekdays before it. */
function eventAndDays(): { eventDate: string; days: string[] } {
  const holidays = new Set(provincialHolidayDates('ON', new Date().getUTCFullYear() - 1, new Date().getUTCFullYear()));
  const ordinary = (d: string) => !isWeekend(d) && !holidays.has(d);
  let eventDate = addDays(localDateOf(new Date(), ZONE), -6);
  while (!ordinary(eventDate)) eventDate = addDays(eventDate, -1);
  const days: string[] = [];
  for (let d = addDays(eventDate, -1); days.length < 2; d = addDays(d, -1)) if (ordinary(d)) days.push(d);
  return { eventDate, days };
}

describe('a new member scored by a comparison group from its first days (decision 101)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let newcomer: Member; // two complete weekdays, opted in to every event
  let called: Member; // opted in, a closer match than any peer, and it cuts: never a peer
  const peers: Member[] = []; // six homes not called
  const homes = new Map<string, string>();
  const credentials = new Map<string, string>();
  let programId: string;
  let eventId: string;
  const { eventDate, days } = eventAndDays();
  const { at, ingest, run, call, eveningKwh } = groupBaselineCalls({ t: () => t, now: () => now, eventId: () => eventId, homes, credentials });
  const startsAt = () => at(eventDate, 18);
  const endsAt = () => at(eventDate, 19);
  /** 13:00–20:00 every 5 minutes of each day, `kwh(day, ms)` per interval. */
  const daysOf = (days: string[], kwh: (day: string, ms: number) => number) => gridOnlyDays(days, (day) => [at(day, 13), at(day, 20)], kwh);
  const usualEvening = async (m: Member) => ((await eveningKwh(m, days[0]!)) + (await eveningKwh(m, days[1]!))) / 2;
  const frozenRow = async () =>
    rowsOf<{ method: string; status: string; days: string; baselineKwh: number; groupIds: string; groupKwh: number[] | string }>(
      await t.database.db.execute(sql`
        select method, status, array_to_string(days, ',') as days, baseline_kwh as "baselineKwh", array_to_string(group_ids, ',') as "groupIds", group_kwh as "groupKwh"
        from event_baselines where event_id = ${eventId}::uuid and household_id = ${homes.get(newcomer.userId)!}::uuid`),
    )[0];

  // Per 5 minutes over 18:00–19:00: the newcomer 0.20 and 0.24 on its two days; peer i 0.1 + 0.02 i
  // (10 % more on the second day), 30 % more on the event day (a cold evening); the called home
  // 0.22, as near to the newcomer as can be, and 0.05 on the event day (it cut).
  const peerKwh = (i: number) => (day: string) => (0.1 + 0.02 * i) * (day === days[0] ? 1 : day === days[1] ? 1.1 : 1.3);

  beforeAll(async () => {
    now = at(eventDate, 8);
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    newcomer = await createMember(t.app);
    called = await createMember(t.app);
    for (let i = 0; i < 6; i++) peers.push(await createMember(t.app));
    for (const m of [newcomer, called, ...peers]) {
      const household = await ensureHouseholdForUser(t.database.db, m.userId);
      homes.set(m.userId, household.id);
      credentials.set(m.userId, (await issueIngestCredential(t.database.db, household.id, null, 'test')).token);
    }
    for (const m of [newcomer, called]) expect((await call(m, 'PUT', '/api/event-preferences', { optInEveryEvent: true })).status).toBe(200);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    await ingest(newcomer, daysOf(days, (day) => (day === days[0] ? 0.2 : 0.24)));
    await ingest(called, daysOf(days, () => 0.22));
    for (const [i, peer] of peers.entries()) await ingest(peer, daysOf(days, peerKwh(i + 1)));
  }, 180_000);
  afterAll(() => t.close());

  it('freezes the newcomer with a group of the six homes not called, from the raw rows, and says so before the event', async () => {
    const res = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt().toISOString(), endsAt: endsAt().toISOString(), holdoutPercent: 0 });
    expect(res.status).toBe(201);
    eventId = res.body.id as string;
    await run('event.announce');
    await run('event.freeze-baselines');

    const row = (await frozenRow())!;
    expect(row).toMatchObject({ method: 'own-days-comparison-group', status: 'ok', days: days.join(',') });
    expect(row.baselineKwh).toBeCloseTo(await usualEvening(newcomer), 9);
    // The called home matches best, and is not in it.
    const ids = row.groupIds.split(',');
    expect(ids.sort()).toEqual(peers.map((p) => homes.get(p.userId)!).sort());
    expect(ids).not.toContain(homes.get(called.userId));
    // Each peer's usual use per slot over the newcomer's two days, in slot order: its 12 slots sum to its usual evening.
    const kwh = (Array.isArray(row.groupKwh) ? row.groupKwh : row.groupKwh.replace(/[{}]/g, '').split(',')).map(Number);
    expect(kwh).toHaveLength(6 * 12);
    for (const [i, id] of row.groupIds.split(',').entries()) {
      const peer = peers.find((p) => homes.get(p.userId) === id)!;
      expect(kwh.slice(i * 12, (i + 1) * 12).reduce((s, v) => s + v, 0)).toBeCloseTo(await usualEvening(peer), 9);
    }

    const outlook = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    expect(outlook).toMatchObject({ status: 'estimate', byGroup: true, days });
    expect(outlook.baselineKwh).toBeCloseTo(await usualEvening(newcomer), 9);
  });

  it('settles against the group’s change on the day, leaving out a peer called since (by hand)', async () => {
    // The sixth peer opts in after the freeze: it is called now, so its evening says nothing of the newcomer's.
    now = at(eventDate, 12);
    const late = peers[5]!;
    expect((await call(late, 'PUT', `/api/events/${eventId}/participation`, { optedIn: true })).status).toBe(200);
    now = at(eventDate, 20);
    for (const [i, peer] of peers.entries()) await ingest(peer, daysOf([eventDate], peerKwh(i + 1)));
    await ingest(late, daysOf([eventDate], () => 0.01));
    await ingest(called, daysOf([eventDate], () => 0.05));
    await ingest(newcomer, daysOf([eventDate], () => 0.24));
    now = new Date(endsAt().getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));

    const [result] = rowsOf<{ baselineKwh: number; actualKwh: number; points: number; detail: { adjustmentMethod: string; adjustmentFactor: number; adjustmentPeers: number } }>(
      await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", points, detail from event_results where event_id = ${eventId}::uuid and household_id = ${homes.get(newcomer.userId)!}::uuid`),
    );
    // The five peers still not called: Σ of their event evenings ÷ Σ of their usual evenings.
    let during = 0;
    let usual = 0;
    for (const peer of peers.slice(0, 5)) {
      during += await eveningKwh(peer, eventDate);
      usual += await usualEvening(peer);
    }
    const ratio = during / usual;
    const baseline = (await usualEvening(newcomer)) * ratio;
    const actual = await eveningKwh(newcomer, eventDate);
    expect(result!.detail).toMatchObject({ adjustmentMethod: 'comparison', adjustmentPeers: 5 });
    expect(result!.detail.adjustmentFactor).toBeCloseTo(ratio, 9);
    expect(Number(result!.baselineKwh)).toBeCloseTo(baseline, 9);
    expect(Number(result!.actualKwh)).toBeCloseTo(actual, 9);
    const cut = ((baseline - actual) / baseline) * 100;
    expect(cut).toBeGreaterThan(10);
    expect(cut).toBeLessThan(30);
    expect(result!.points).toBe(Math.floor(100 * (1 + (cut - 10) / 20)));

    const page = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.result as Record<string, unknown>;
    expect(page).toMatchObject({ outcome: 'settled', adjustmentMethod: 'comparison', adjustmentPeers: 5, points: result!.points });
  });
});
