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

/** A Saturday six or more days ago, and the three ordinary weekdays (not Ontario holidays) before it. */
function eventAndDays(): { eventDate: string; days: string[] } {
  const holidays = new Set(provincialHolidayDates('ON', new Date().getUTCFullYear() - 1, new Date().getUTCFullYear()));
  let eventDate = addDays(localDateOf(new Date(), ZONE), -6);
  while (new Date(`${eventDate}T12:00:00Z`).getUTCDay() !== 6) eventDate = addDays(eventDate, -1);
  const days: string[] = [];
  for (let d = addDays(eventDate, -1); days.length < 3; d = addDays(d, -1)) if (!isWeekend(d) && !holidays.has(d)) days.push(d);
  return { eventDate, days };
}

describe('a new member with no past day of the event’s kind, scored by a comparison group over its days of any kind (issue 31)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let newcomer: Member; // three weekdays of readings, opted in to every event: no weekend day for a Saturday event
  const peers: Member[] = []; // six homes not called, with readings on the newcomer's weekdays
  const homes = new Map<string, string>();
  const credentials = new Map<string, string>();
  let programId: string;
  let eventId: string;
  const { eventDate, days } = eventAndDays();
  const { at, ingest, run, call, eveningKwh } = groupBaselineCalls({ t: () => t, now: () => now, eventId: () => eventId, homes, credentials });
  const startsAt = () => at(eventDate, 18);
  const endsAt = () => at(eventDate, 19);
  /** 13:00–20:00 every 5 minutes of each day, `kwh(day)` per interval. */
  const daysOf = (list: string[], kwh: (day: string) => number) => gridOnlyDays(list, (day) => [at(day, 13), at(day, 20)], (day) => kwh(day));
  /** A home's mean evening over the newcomer's three weekdays, from the raw rows. */
  const usualEvening = async (m: Member) => {
    let sum = 0;
    for (const day of days) sum += await eveningKwh(m, day);
    return sum / days.length;
  };
  const frozenRow = async () =>
    rowsOf<{ method: string; status: string; dayKind: string; days: string; baselineKwh: number; groupIds: string }>(
      await t.database.db.execute(sql`
        select method, status, day_kind as "dayKind", array_to_string(days, ',') as days, baseline_kwh as "baselineKwh", array_to_string(group_ids, ',') as "groupIds"
        from event_baselines where event_id = ${eventId}::uuid and household_id = ${homes.get(newcomer.userId)!}::uuid`),
    )[0];

  // Per 5 minutes over 18:00–19:00: the newcomer 0.20, 0.22 and 0.24 on its weekdays (most recent
  // first); peer i 0.1 + 0.02 i, 10 % and 20 % more on the older two weekdays, and 50 % more on the
  // Saturday: a Saturday evening's use is not a weekday's, which the peers' ratio carries.
  const newcomerKwh = (day: string) => [0.2, 0.22, 0.24][days.indexOf(day)]!;
  const peerKwh = (i: number) => (day: string) => (0.1 + 0.02 * i) * (day === eventDate ? 1.5 : [1, 1.1, 1.2][days.indexOf(day)]!);

  beforeAll(async () => {
    now = at(eventDate, 8);
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    newcomer = await createMember(t.app);
    for (let i = 0; i < 6; i++) peers.push(await createMember(t.app));
    for (const m of [newcomer, ...peers]) {
      const household = await ensureHouseholdForUser(t.database.db, m.userId);
      homes.set(m.userId, household.id);
      credentials.set(m.userId, (await issueIngestCredential(t.database.db, household.id, null, 'test')).token);
    }
    expect((await call(newcomer, 'PUT', '/api/event-preferences', { optInEveryEvent: true })).status).toBe(200);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    await ingest(newcomer, daysOf(days, newcomerKwh));
    for (const [i, peer] of peers.entries()) await ingest(peer, daysOf(days, peerKwh(i + 1)));
  }, 180_000);
  afterAll(() => t.close());

  it('freezes the newcomer over its three weekdays with a group of the six homes, the row of a weekend event', async () => {
    const res = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt().toISOString(), endsAt: endsAt().toISOString(), holdoutPercent: 0 });
    expect(res.status).toBe(201);
    eventId = res.body.id as string;
    await run('event.announce');
    await run('event.freeze-baselines');

    const row = (await frozenRow())!;
    expect(row).toMatchObject({ method: 'own-days-comparison-group', status: 'ok', dayKind: 'weekend-or-holiday', days: days.join(',') });
    // (0.20 + 0.22 + 0.24) ÷ 3 × 12 intervals = 2.64 kWh.
    expect(row.baselineKwh).toBeCloseTo(await usualEvening(newcomer), 9);
    expect(row.baselineKwh).toBeCloseTo(2.64, 9);
    expect(row.groupIds.split(',').sort()).toEqual(peers.map((p) => homes.get(p.userId)!).sort());

    const outlook = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    expect(outlook).toMatchObject({ status: 'estimate', byGroup: true, days });
    // A home not opted in with the same weekdays is told a group would score it over them, not that it cannot earn.
    const notIn = (await call(peers[0]!, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    expect(notIn).toMatchObject({ status: 'insufficient_history', kind: 'weekend-or-holiday', days: [], daysLeft: 0, byAnyDays: true });
    expect(notIn.byEventDay).toBeUndefined();
  });

  it('settles at its own mean over those days × Σ peers’ Saturday ÷ Σ peers’ usual over the same days (by hand)', async () => {
    now = at(eventDate, 20);
    for (const [i, peer] of peers.entries()) await ingest(peer, daysOf([eventDate], peerKwh(i + 1)));
    await ingest(newcomer, daysOf([eventDate], () => 0.25));
    now = new Date(endsAt().getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));

    const [result] = rowsOf<{ baselineKwh: number; actualKwh: number; points: number; detail: { adjustmentMethod: string; adjustmentFactor: number; adjustmentPeers: number } }>(
      await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", points, detail from event_results where event_id = ${eventId}::uuid and household_id = ${homes.get(newcomer.userId)!}::uuid`),
    );
    let during = 0;
    let usual = 0;
    for (const peer of peers) {
      during += await eveningKwh(peer, eventDate);
      usual += await usualEvening(peer);
    }
    const ratio = during / usual;
    // Each peer's Saturday is 1.5 ÷ ((1 + 1.1 + 1.2) ÷ 3) = 1.3636… of its weekdays: so is their Σ.
    expect(ratio).toBeCloseTo(1.5 / 1.1, 9);
    const baseline = (await usualEvening(newcomer)) * ratio;
    const actual = await eveningKwh(newcomer, eventDate);
    expect(result!.detail).toMatchObject({ adjustmentMethod: 'comparison', adjustmentPeers: 6 });
    expect(result!.detail.adjustmentFactor).toBeCloseTo(ratio, 9);
    expect(Number(result!.baselineKwh)).toBeCloseTo(baseline, 9);
    expect(Number(result!.actualKwh)).toBeCloseTo(actual, 9);
    // 2.64 × 1.3636… = 3.6 kWh against 3.0: a 16.7 % cut, which the target of 10 % pays.
    const cut = ((baseline - actual) / baseline) * 100;
    expect(cut).toBeCloseTo(100 / 6, 6);
    expect(result!.points).toBe(Math.floor(100 * (1 + (cut - 10) / 20)));
    expect(result!.points).toBeGreaterThan(0);

    const page = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.result as Record<string, unknown>;
    expect(page).toMatchObject({ outcome: 'settled', adjustmentMethod: 'comparison', adjustmentPeers: 6, points: result!.points, baselineDays: days });
  });
});
