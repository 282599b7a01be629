import { sql } from 'drizzle-orm';
import { addDays, localDateOf } from '@peakwise/domain/local-time';
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

describe('a member with no complete past day, scored on the event day by a comparison group (decision 144)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let newcomer: Member; // joined on the event day: readings from 13:00 that day only
  let sunny: Member; // the same, with solar panels: left unscored (its window is midday)
  const peers: Member[] = []; // six homes not called, with readings that day only
  const homes = new Map<string, string>();
  const credentials = new Map<string, string>();
  let programId: string;
  let eventId: string;
  // A day a few days back: any kind of day will do, the member has no other.
  const eventDate = addDays(localDateOf(new Date(), ZONE), -3);
  const { at, ingest, run, call, eveningKwh } = groupBaselineCalls({ t: () => t, now: () => now, eventId: () => eventId, homes, credentials });
  const startsAt = () => at(eventDate, 18);
  const endsAt = () => at(eventDate, 19);
  /** Readings over [from, to) of the event day, `kwh(ms)` per 5 minutes. */
  const span = (from: number, to: number, kwh: (ms: number) => number) => gridOnlyDays([eventDate], () => [at(eventDate, from), at(eventDate, to)], (_, ms) => kwh(ms));
  /** A home's kWh over 13:00–16:00 of the event day (3 h ending 2 h before the start), from the raw rows. */
  const windowKwh = async (m: Member) =>
    Number(
      rowsOf<{ kwh: number }>(
        await t.database.db.execute(sql`
          select coalesce(sum(consumption_kwh), 0)::float8 as kwh from meter_readings
          where household_id = ${homes.get(m.userId)!}::uuid and ts >= ${at(eventDate, 13).toISOString()}::timestamptz and ts < ${at(eventDate, 16).toISOString()}::timestamptz`),
      )[0]!.kwh,
    );
  const frozenRow = async (m: Member) =>
    rowsOf<{ method: string; status: string; days: string; baselineKwh: number | null; groupIds: string | null; noiseKwh: number | null }>(
      await t.database.db.execute(sql`
        select method, status, array_to_string(days, ',') as days, baseline_kwh as "baselineKwh", array_to_string(group_ids, ',') as "groupIds", noise_kwh as "noiseKwh"
        from event_baselines where event_id = ${eventId}::uuid and household_id = ${homes.get(m.userId)!}::uuid`),
    )[0];

  // Per 5 minutes: the newcomer 0.2 over its window, 0.25 during the event (12 intervals); peer i
  // 0.1 + 0.02 i over the window and 1.5 times that during the event: the evening's rise the
  // newcomer's own window cannot show, which the peers' ratio carries.
  const peerKwh = (i: number) => (ms: number) => (0.1 + 0.02 * i) * (ms >= startsAt().getTime() ? 1.5 : 1);

  beforeAll(async () => {
    now = at(eventDate, 8);
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    newcomer = await createMember(t.app);
    sunny = await createMember(t.app);
    for (let i = 0; i < 6; i++) peers.push(await createMember(t.app));
    for (const m of [newcomer, sunny, ...peers]) {
      const household = await ensureHouseholdForUser(t.database.db, m.userId);
      homes.set(m.userId, household.id);
      credentials.set(m.userId, (await issueIngestCredential(t.database.db, household.id, null, 'test')).token);
    }
    await t.database.db.execute(sql`insert into devices (household_id, external_id, name, kind) values (${homes.get(sunny.userId)!}::uuid, 'panel-1', 'Panel 1', 'solar_panel')`);
    for (const m of [newcomer, sunny]) expect((await call(m, 'PUT', '/api/event-preferences', { optInEveryEvent: true })).status).toBe(200);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  }, 180_000);
  afterAll(() => t.close());

  it('at the announcement has no baseline, and is told it will be scored on the day against similar homes; the solar home is not', async () => {
    const res = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt().toISOString(), endsAt: endsAt().toISOString(), holdoutPercent: 0 });
    expect(res.status).toBe(201);
    eventId = res.body.id as string;
    await run('event.announce');
    await run('event.freeze-baselines');
    expect(await frozenRow(newcomer)).toMatchObject({ status: 'insufficient_history', groupIds: null });

    const outlook = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    expect(outlook).toMatchObject({ status: 'insufficient_history', days: [], daysLeft: 0, byEventDay: true });
    const sunnyOutlook = (await call(sunny, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    expect(sunnyOutlook).toMatchObject({ status: 'insufficient_history', days: [] });
    expect(sunnyOutlook.byEventDay).toBeUndefined();
  });

  it('once its window is over, is frozen on it: its window’s use at that rate over the event, with the six homes', async () => {
    now = at(eventDate, 16, 30);
    await ingest(newcomer, span(13, 16, () => 0.2));
    await ingest(sunny, span(13, 16, () => 0.2));
    for (const [i, peer] of peers.entries()) await ingest(peer, span(13, 16, peerKwh(i + 1)));
    // A read before the start freezes it, as the start job would.
    const outlook = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    const row = (await frozenRow(newcomer))!;
    expect(row).toMatchObject({ method: 'event-day-comparison-group', status: 'ok', days: eventDate, noiseKwh: null });
    // 7.2 kWh over the 36 window intervals is 0.2 an interval: 2.4 kWh over the event's 12.
    expect(Number(row.baselineKwh)).toBeCloseTo(((await windowKwh(newcomer)) * 12) / 36, 9);
    expect(Number(row.baselineKwh)).toBeCloseTo(2.4, 9);
    expect(row.groupIds!.split(',').sort()).toEqual(peers.map((p) => homes.get(p.userId)!).sort());
    expect(outlook).toMatchObject({ status: 'estimate', byGroup: true, byEventDay: true, days: [eventDate] });
    expect(outlook.baselineKwh as number).toBeCloseTo(2.4, 9);
    await call(sunny, 'GET', `/api/events/${eventId}`);
    expect(await frozenRow(sunny)).toMatchObject({ status: 'insufficient_history' });
  });

  it('settles at its window’s use × Σ peers’ event use ÷ Σ their window use (by hand), and says where it came from', async () => {
    now = at(eventDate, 20);
    await ingest(newcomer, span(16, 20, (ms) => (ms >= startsAt().getTime() ? 0.25 : 0.2)));
    await ingest(sunny, span(16, 20, () => 0.2));
    for (const [i, peer] of peers.entries()) await ingest(peer, span(16, 20, peerKwh(i + 1)));
    await run('event.start');
    now = new Date(endsAt().getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));

    const results = rowsOf<{ householdId: string; outcome: string; baselineKwh: number | null; actualKwh: number | null; points: number; detail: Record<string, unknown> }>(
      await t.database.db.execute(sql`select household_id as "householdId", outcome, baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", points, detail from event_results where event_id = ${eventId}::uuid`),
    );
    const result = results.find((r) => r.householdId === homes.get(newcomer.userId))!;
    let during = 0;
    let window = 0;
    for (const peer of peers) {
      during += await eveningKwh(peer, eventDate);
      window += await windowKwh(peer);
    }
    // Over the event's length the peers' window use is Σ × 12 ÷ 36; they used 1.5 times it.
    const factor = during / ((window * 12) / 36);
    expect(factor).toBeCloseTo(1.5, 9);
    const baseline = (await windowKwh(newcomer)) * (during / window);
    expect(baseline).toBeCloseTo(3.6, 9);
    const actual = await eveningKwh(newcomer, eventDate);
    expect(result.detail).toMatchObject({ adjustmentMethod: 'comparison', adjustmentPeers: 6, baselineFromEventDay: true, baselineDays: [eventDate] });
    expect(result.detail.adjustmentFactor as number).toBeCloseTo(factor, 9);
    expect(Number(result.baselineKwh)).toBeCloseTo(baseline, 9);
    expect(Number(result.actualKwh)).toBeCloseTo(actual, 9);
    // 3.6 kWh against 3.0 used: a 16.7 % cut, which the target of 10 % pays.
    const cut = ((baseline - actual) / baseline) * 100;
    expect(cut).toBeCloseTo(100 / 6, 6);
    expect(result.points).toBe(Math.floor(100 * (1 + (cut - 10) / 20)));

    const page = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.result as Record<string, unknown>;
    expect(page).toMatchObject({ outcome: 'settled', adjustmentMethod: 'comparison', adjustmentPeers: 6, points: result.points, baselineDays: [eventDate], baselineFromEventDay: true });
    // The solar home had no baseline to be paid against, and its result says why.
    expect(results.find((r) => r.householdId === homes.get(sunny.userId))).toMatchObject({ outcome: 'no_baseline', points: 0 });
  });

  it('is not promised the day itself for an event at 4:30 a.m., whose hours before it fall on the day before; one at 5 a.m. is', async () => {
    // Still no complete day: its readings began at 13:00 on the event day.
    const nextDay = addDays(eventDate, 1);
    now = at(eventDate, 22);
    const outlookAt = async (hour: number, minute: number) => {
      const res = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: at(nextDay, hour, minute).toISOString(), endsAt: at(nextDay, hour + 1, minute).toISOString(), holdoutPercent: 0 });
      expect(res.status).toBe(201);
      return (await call(newcomer, 'GET', `/api/events/${res.body.id as string}`)).body.outlook as Record<string, unknown>;
    };
    // 4:30 − 2 h − 3 h = 23:30 the day before: the freeze would find no window to read.
    const early = await outlookAt(4, 30);
    expect(early).toMatchObject({ status: 'insufficient_history', days: [], daysLeft: 0 });
    expect(early.byEventDay).toBeUndefined();
    // 5:00 − 5 h = midnight: the window is the day's first three hours.
    expect(await outlookAt(5, 0)).toMatchObject({ status: 'insufficient_history', days: [], daysLeft: 0, byEventDay: true });
  });
});
