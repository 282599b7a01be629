import { sql } from 'drizzle-orm';
import { addDays, localDateOf } from '@peakwise/domain/local-time';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';
import { upsertProgram } from './events.repository';
import { groupBaselineCalls } from '../../test/group-baseline-calls';

const ZONE = 'America/Toronto';

/** A 5-minute reading as a meter with panels reports it: what the home used, what the panels made, and the grid's two ways. */
const reading = (ms: number, usedKwh: number, producedKwh: number) => ({
  ts: new Date(ms).toISOString(),
  productionKwh: producedKwh,
  consumptionKwh: usedKwh,
  gridImportKwh: Math.max(0, usedKwh - producedKwh),
  gridExportKwh: Math.max(0, producedKwh - usedKwh),
});

describe('a solar member with no complete past day, scored on the event day’s gross load (decision 144’s Since)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let sunny: Member; // panels whose production its meter reports, readings from 10:00 on the event day only
  const peers: Member[] = []; // five homes without panels and one with measured panels, not called
  let battery: Member; // not called, a battery: never a peer
  let unmeasured: Member; // not called, panels whose production its meter does not report: never a peer
  const homes = new Map<string, string>();
  const credentials = new Map<string, string>();
  let programId: string;
  let eventId: string;
  const eventDate = addDays(localDateOf(new Date(), ZONE), -3);
  const { at, ingest, run, call } = groupBaselineCalls({ t: () => t, now: () => now, eventId: () => eventId, homes, credentials });
  const startsAt = () => at(eventDate, 18);
  const endsAt = () => at(eventDate, 19);
  type Clock = number | [hour: number, minute: number];
  const instant = (x: Clock) => (typeof x === 'number' ? at(eventDate, x) : at(eventDate, ...x));
  /** Readings over [from, to) of the event day. */
  const span = (from: Clock, to: Clock, kwh: (ms: number) => [used: number, produced: number]) => {
    const out: ReturnType<typeof reading>[] = [];
    for (let ms = instant(from).getTime(); ms < instant(to).getTime(); ms += INTERVAL_MS) out.push(reading(ms, ...kwh(ms)));
    return out;
  };
  const during = (ms: number) => ms >= startsAt().getTime() && ms < endsAt().getTime();
  /** Σ over [from, to) of the event day, read from the raw rows: gross load (import − export + production), grid draw, production. */
  const sums = async (m: Member, from: Clock, to: Clock) =>
    rowsOf<{ gross: number; draw: number; produced: number }>(
      await t.database.db.execute(sql`
        select sum(grid_import_kwh - grid_export_kwh + production_kwh)::float8 as gross, sum(greatest(grid_import_kwh - grid_export_kwh, 0))::float8 as draw,
          sum(production_kwh)::float8 as produced
        from meter_readings where household_id = ${homes.get(m.userId)!}::uuid and ts >= ${instant(from).toISOString()}::timestamptz and ts < ${instant(to).toISOString()}::timestamptz`),
    )[0]!;
  const frozenRow = async (m: Member) =>
    rowsOf<{ method: string; status: string; baselineKwh: number | null; groupIds: string | null }>(
      await t.database.db.execute(sql`
        select method, status, baseline_kwh as "baselineKwh", array_to_string(group_ids, ',') as "groupIds"
        from event_baselines where event_id = ${eventId}::uuid and household_id = ${homes.get(m.userId)!}::uuid`),
    )[0];

  // Per 5 minutes. The member uses 0.2 over its window while its panels make 0.15 (it draws 0.05);
  // over the event it uses 0.27, its panels making 0.03 in the first half hour and nothing after.
  const sunnyKwh = (ms: number): [number, number] => (during(ms) ? [0.27, ms < at(eventDate, 18, 30).getTime() ? 0.03 : 0] : ms < at(eventDate, 16).getTime() ? [0.2, 0.15] : [0.2, 0]);
  // Peer i uses 0.1 + 0.02 i and 1.5 times that over the event; the one with panels makes 0.1 over
  // the window. The battery home and the unmeasured one use 3 times as much over the event: a
  // group that took either in would not move by 1.5.
  const peerKwh = (i: number, produced: number) => (ms: number): [number, number] => [(0.1 + 0.02 * i) * (during(ms) ? 1.5 : 1), during(ms) || ms >= at(eventDate, 16).getTime() ? 0 : produced];
  const tripleKwh = (ms: number): [number, number] => [0.15 * (during(ms) ? 3 : 1), 0];

  beforeAll(async () => {
    now = at(eventDate, 8);
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    sunny = await createMember(t.app);
    battery = await createMember(t.app);
    unmeasured = await createMember(t.app);
    for (let i = 0; i < 6; i++) peers.push(await createMember(t.app));
    for (const m of [sunny, battery, unmeasured, ...peers]) {
      const household = await ensureHouseholdForUser(t.database.db, m.userId);
      homes.set(m.userId, household.id);
      credentials.set(m.userId, (await issueIngestCredential(t.database.db, household.id, null, 'test')).token);
    }
    for (const m of [sunny, unmeasured, peers[5]!]) {
      await t.database.db.execute(sql`insert into devices (household_id, external_id, name, kind) values (${homes.get(m.userId)!}::uuid, 'panel-1', 'Panel 1', 'solar_panel')`);
    }
    await t.database.db.execute(sql`update households set has_battery = true where id = ${homes.get(battery.userId)!}::uuid`);
    expect((await call(sunny, 'PUT', '/api/event-preferences', { optInEveryEvent: true })).status).toBe(200);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  }, 180_000);
  afterAll(() => t.close());

  it('once its meter has reported production, is told it will be scored on the day on gross load, with no figure before the event’s sun', async () => {
    const res = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt().toISOString(), endsAt: endsAt().toISOString(), holdoutPercent: 0 });
    expect(res.status).toBe(201);
    eventId = res.body.id as string;
    await run('event.announce');
    await run('event.freeze-baselines');
    // No reading yet: nothing says its meter reports production, so nothing is promised.
    const before = (await call(sunny, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    expect(before).toMatchObject({ status: 'insufficient_history', days: [], daysLeft: 0 });
    expect(before.byEventDay).toBeUndefined();
    now = at(eventDate, 12);
    await ingest(sunny, span(10, 12, () => [0.2, 0.15]));
    expect((await call(sunny, 'GET', `/api/events/${eventId}`)).body.outlook).toMatchObject({ status: 'insufficient_history', days: [], daysLeft: 0, byEventDay: true, grossLoad: true });
  });

  it('once its window is over, is frozen on its window’s gross load with the homes without a battery whose use it can read', async () => {
    now = at(eventDate, 16, 30);
    await ingest(sunny, span(12, 16, sunnyKwh));
    for (const [i, peer] of peers.entries()) await ingest(peer, span(13, 16, peerKwh(i + 1, i === 5 ? 0.1 : 0)));
    for (const m of [battery, unmeasured]) await ingest(m, span(13, 16, tripleKwh));
    const outlook = (await call(sunny, 'GET', `/api/events/${eventId}`)).body.outlook as Record<string, unknown>;
    const row = (await frozenRow(sunny))!;
    expect(row).toMatchObject({ method: 'event-day-gross-comparison-group', status: 'ok' });
    // Its gross load over the 36 window intervals at the event's 12: 7.2 × 12 ÷ 36; its grid draw would be 0.6.
    const window = await sums(sunny, 13, 16);
    expect(window.draw).toBeCloseTo(1.8, 9);
    expect(Number(row.baselineKwh)).toBeCloseTo((window.gross * 12) / 36, 9);
    expect(Number(row.baselineKwh)).toBeCloseTo(2.4, 9);
    expect(row.groupIds!.split(',').sort()).toEqual(peers.map((p) => homes.get(p.userId)!).sort());
    // Still no figure: the sun over the event is not known.
    expect(outlook).toMatchObject({ status: 'insufficient_history', days: [], byEventDay: true, grossLoad: true });
  });

  it('runs its live scorecard on the group’s move so far, less each interval’s production as it arrives', async () => {
    now = at(eventDate, 18, 30);
    await ingest(sunny, span(16, [18, 30], sunnyKwh));
    for (const [i, peer] of peers.entries()) await ingest(peer, span(16, [18, 30], peerKwh(i + 1, 0)));
    for (const m of [battery, unmeasured]) await ingest(m, span(16, [18, 30], tripleKwh));
    await run('event.start');
    const card = (await call(sunny, 'GET', `/api/events/${eventId}/scorecard`)).body;
    // Six intervals in: each 0.2 × 1.5 of gross use less the panels' 0.03, against 0.24 drawn.
    const soFar = await sums(sunny, 18, [18, 30]);
    expect(card).toMatchObject({ status: 'live', intervalsIn: 6 });
    expect(card.baselineKwh as number).toBeCloseTo(6 * 0.2 * 1.5 - soFar.produced, 9);
    expect(card.actualKwh as number).toBeCloseTo(soFar.draw, 9);
    expect(soFar.draw).toBeCloseTo(1.44, 9);
  });

  it('settles at its window’s gross load moved by the group, less its panels’ production over the event (by hand), and says so', async () => {
    now = at(eventDate, 20);
    await ingest(sunny, span([18, 30], 20, sunnyKwh));
    for (const [i, peer] of peers.entries()) await ingest(peer, span([18, 30], 20, peerKwh(i + 1, 0)));
    for (const m of [battery, unmeasured]) await ingest(m, span([18, 30], 20, tripleKwh));
    now = new Date(endsAt().getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));

    const [result] = rowsOf<{ baselineKwh: number; actualKwh: number; points: number; detail: Record<string, unknown> }>(
      await t.database.db.execute(sql`
        select baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", points, detail from event_results
        where event_id = ${eventId}::uuid and household_id = ${homes.get(sunny.userId)!}::uuid`),
    );
    let peersDuring = 0;
    let peersWindow = 0;
    for (const peer of peers) {
      peersDuring += (await sums(peer, 18, 19)).gross;
      peersWindow += (await sums(peer, 13, 16)).gross;
    }
    const factor = peersDuring / ((peersWindow * 12) / 36);
    expect(factor).toBeCloseTo(1.5, 9);
    // Per interval: 0.2 × 1.5 = 0.3 of gross use, less the panels' 0.03 in the first six: 6 × 0.27 + 6 × 0.3.
    const event = await sums(sunny, 18, 19);
    const gross = ((await sums(sunny, 13, 16)).gross * 12) / 36;
    const baseline = gross * factor - event.produced;
    expect(baseline).toBeCloseTo(3.42, 9);
    expect(Number(result!.baselineKwh)).toBeCloseTo(baseline, 9);
    expect(Number(result!.actualKwh)).toBeCloseTo(event.draw, 9);
    expect(event.draw).toBeCloseTo(3.06, 9);
    expect(result!.detail).toMatchObject({ adjustmentMethod: 'comparison', adjustmentPeers: 6, baselineFromEventDay: true, fromGrid: true });
    expect(result!.detail.adjustmentFactor as number).toBeCloseTo(factor, 9);
    const grossLoad = result!.detail.grossLoad as { usualKwh: number; shiftKwh: number; productionKwh: number };
    expect(grossLoad.usualKwh).toBeCloseTo(gross, 9);
    expect(grossLoad.shiftKwh).toBeCloseTo(gross * (factor - 1), 9);
    expect(grossLoad.productionKwh).toBeCloseTo(event.produced, 9);
    // 3.42 against 3.06: a 10.5 % cut, just over the 10 % target.
    const cut = ((baseline - event.draw) / baseline) * 100;
    expect(result!.points).toBe(Math.floor(100 * (1 + (cut - 10) / 20)));
    expect(result!.points).toBeGreaterThan(100);

    const page = (await call(sunny, 'GET', `/api/events/${eventId}`)).body.result as Record<string, unknown>;
    expect(page).toMatchObject({ outcome: 'settled', adjustmentMethod: 'comparison', baselineFromEventDay: true, points: result!.points });
    expect((page.grossLoad as { productionKwh: number }).productionKwh).toBeCloseTo(event.produced, 9);
  });
});
