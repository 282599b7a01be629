import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EVENT_MAX_HOURS } from '@peakwise/contracts/events.contract';
import { seasonFinalOn } from '@peakwise/domain/event-season';
import { localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { schema, type Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ledgerViolations } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';
import { findEvent, insertEvent, setParticipation, upsertProgram } from './events.repository';
import { RESETTLE_AFTER_DAYS } from './events.service';
import { freezeEventBaselines } from './frozen-baselines.service';

/*
 * Points held until proven (decisions 140 and 141), from the readings below to the ledger and the member's
 * screens. Every household has the same ten weekdays of history, 1–12 June 2026 (no Ontario
 * holiday): 0.5 kWh every 5 minutes from 13:00 to 18:00, and over the event's hour (18:00–19:00,
 * 12 intervals) 0.55 on five days and 0.45 on the other five. So, by hand:
 *   baseline  12 × 0.5 = 6 kWh (the early window reads 0.5 on the event days too: no adjustment);
 *   σ         day totals 6.6 × 5 and 5.4 × 5, mean 6: Σ (±0.6)² = 3.6, over 10 days − 1: √0.4 = 0.6325 kWh;
 *   a saving's σ  √0.4 × √(1 + 1/10) = √0.44 = 0.6633 kWh (a day against the mean of ten);
 *   at once   a saving above Student's t for 9 degrees of freedom, 1.833 × √0.44 = 1.2159 kWh;
 *   points    100 at a 10 % cut, + 5 per point beyond (12 % → 110, 14 % → 120, 16 % → 130, 22 % → 160, 30 % → 200).
 * Events (Monday 15 to Wednesday 17 June, each 18:00–19:00) each household opts in to; per interval
 * during each, what it used:
 *   cutter   E1 0.39 (saves 1.32: paid at once), E2 0.44 (0.72, held; corrected to 0.43, then 0.42), E3 0.42 (0.96, held, proves the season);
 *   late     E1 0.44 (held; corrected to 0.39: paid at once), E2 and E3 0.5 (nothing);
 *   placebo  E1 0.45 (a lucky 10 %: held), E2 0.55, E3 0.5: never paid, lapsed once the summer's held points are final (9 November).
 * A fourth home in three events of its own at the same hours races two settlements (F2, F3). Homes
 * made in later tests, each in events of its own, re-settle after the summer's end and race two
 * settlements that release each other's held results.
 */

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;
const HISTORY = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'];
const HIGH = new Set(['2026-06-01', '2026-06-03', '2026-06-05', '2026-06-09', '2026-06-11']);
const EVENT_DAYS = ['2026-06-15', '2026-06-16', '2026-06-17'];
const SIGMA = Math.sqrt(0.4);
const SAVING_SIGMA = Math.sqrt(0.44);
const BAR = 1.833 * SAVING_SIGMA;

type Home = { member: Member; id: string };
type Transfer = { key: string; kind: string; eventId: string | null; amount: number; detail: Record<string, unknown> };

describe('points held until proven (decisions 140 and 141)', () => {
  let t: TestApp;
  const clock = { now: new Date('2026-06-01T12:00:00Z') };
  let programId: string;
  const homes: Record<'cutter' | 'late' | 'placebo' | 'racer', Home> = {} as never;
  const events: string[] = [];
  const racerEvents: string[] = [];

  const db = () => t.database.db;
  const call = (who: Member, path: string) => t.app.request(path, { headers: asMember(who) });
  const startOf = (date: string) => zonedTimeToUtc(date, 18, 0, ZONE);
  /** After the settlement deadline, so every interval settles. */
  const settleAt = (date: string) => new Date(startOf(date).getTime() + 26 * HOUR);
  const settle = (eventId: string, date: string, on: Db = db()) => on.transaction((tx) => settleEndedEvent(tx, eventId, settleAt(date)));
  /** A re-run of the settlement at `at` (a late reading's re-settlement, or one the jobs ran late). */
  const settleOn = (eventId: string, at: Date, on: Db = db()) => on.transaction((tx) => settleEndedEvent(tx, eventId, at));
  const newHome = async (): Promise<Home> => {
    const member = await createMember(t.app);
    return { member, id: (await ensureHouseholdForUser(db(), member.userId)).id };
  };

  /** Each home's readings: the history above, and on the event days 0.5 except `during[date]` over the event's hour. */
  async function write(home: Home, during: Record<string, number>) {
    const rows: { ts: string; kwh: number }[] = [];
    for (const date of [...HISTORY, ...EVENT_DAYS]) {
      const start = startOf(date).getTime();
      for (let ms = zonedTimeToUtc(date, 13, 0, ZONE).getTime(); ms < start + HOUR; ms += FIVE_MINUTES) {
        const inEvent = ms >= start;
        const kwh = !inEvent ? 0.5 : HIGH.has(date) ? 0.55 : HISTORY.includes(date) ? 0.45 : (during[date] ?? 0.5);
        rows.push({ ts: new Date(ms).toISOString(), kwh });
      }
    }
    await db().execute(sql`
      insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
      select ${home.id}::uuid, x.ts, 0, x.kwh, x.kwh, 0 from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(ts timestamptz, kwh float8)
      on conflict (household_id, ts) do update set consumption_kwh = excluded.consumption_kwh, grid_import_kwh = excluded.grid_import_kwh`);
  }

  async function newEvent(date: string, who: readonly Home[]): Promise<string> {
    const id = await insertEvent(db(), { programId, startsAt: startOf(date), endsAt: new Date(startOf(date).getTime() + HOUR), rewardPoints: 100, targetPercent: 10, createdBy: 'test' });
    const before = new Date(startOf(date).getTime() - 6 * HOUR);
    for (const home of who) await setParticipation(db(), id, home.id, true, before);
    // Frozen before the start, as the announcement's job does.
    await db().transaction(async (tx) => freezeEventBaselines(tx, (await findEvent(tx, id))!, before));
    return id;
  }

  /** This test's PostgreSQL database, for connections of its own. */
  const databaseUrl = async () => {
    const [{ current }] = rowsOf<{ current: string }>(await db().execute(sql`select current_database() as current`)) as [{ current: string }];
    const url = new URL(inject('testDatabaseUrl'));
    url.pathname = `/${current}`;
    return url.toString();
  };

  const transfersOf = async (home: Home): Promise<Transfer[]> =>
    rowsOf<Transfer>(
      await db().execute(sql`
        select t.idempotency_key as key, t.kind, t.event_id as "eventId", e.amount, t.detail from points_transfers t
        join points_entries e on e.transfer_id = t.id join points_accounts a on a.id = e.account_id and a.kind = 'member' and a.household_id = ${home.id}::uuid
        order by e.id`),
    );
  const points = async (home: Home) => (await (await call(home.member, '/api/points')).json()) as { balance: number; heldPoints: number; activity: { kind: string; amount: number; eventId: string | null }[] };
  const result = async (home: Home, eventId: string) => ((await (await call(home.member, `/api/events/${eventId}`)).json()) as { result: Record<string, unknown> & { points: number; proof?: Record<string, unknown> & { season: Record<string, number | string> } } }).result;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => clock.now });
    programId = await upsertProgram(db(), { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    for (const name of ['cutter', 'late', 'placebo', 'racer'] as const) {
      const member = await createMember(t.app);
      homes[name] = { member, id: (await ensureHouseholdForUser(db(), member.userId)).id };
    }
    await write(homes.cutter, { '2026-06-15': 0.39, '2026-06-16': 0.44, '2026-06-17': 0.42 });
    await write(homes.late, { '2026-06-15': 0.44 });
    await write(homes.placebo, { '2026-06-15': 0.45, '2026-06-16': 0.55 });
    await write(homes.racer, { '2026-06-15': 0.44, '2026-06-16': 0.35, '2026-06-17': 0.35 });
    const three = [homes.cutter, homes.late, homes.placebo];
    for (const date of EVENT_DAYS) events.push(await newEvent(date, three));
    for (const date of EVENT_DAYS) racerEvents.push(await newEvent(date, [homes.racer]));
    clock.now = new Date('2026-06-20T12:00:00Z');
  }, 120_000);
  afterAll(() => t.close());
  afterEach(async () => expect(await ledgerViolations(db())).toEqual([]));

  it('freezes σ from the baseline days’ readings: √0.4 kWh for every home', async () => {
    const frozen = rowsOf<{ noise: number }>(await db().execute(sql`select noise_kwh as noise from event_baselines where status = 'ok'`));
    expect(frozen).toHaveLength(12);
    for (const row of frozen) expect(Number(row.noise)).toBeCloseTo(SIGMA, 9);
  });

  it('(a, b, e) a clear cut is paid at once; small cuts and a lucky day are held, nothing in the ledger for them', async () => {
    const [e1, e2] = events as [string, string];
    await settle(e1, EVENT_DAYS[0]!);
    await settle(e2, EVENT_DAYS[1]!);

    // The cutter: E1 saves 6 − 4.68 = 1.32 > 1.2159, 22 %: 160 points at once. E2 saves 6 − 5.28 = 0.72, 12 %: 110 held.
    expect(await transfersOf(homes.cutter)).toEqual([{ key: `event:${e1}:household:${homes.cutter.id}:to:160`, kind: 'event_reward', eventId: e1, amount: 160, detail: { eventId: e1, settlementVersion: 1 } }]);
    const first = await result(homes.cutter, e1);
    expect(first.proof).toMatchObject({ status: 'paid_at_once', releasedAt: null, releasedByEventId: null });
    expect(first.proof!.savingKwh).toBeCloseTo(1.32, 9);
    expect(first.proof!.sigmaKwh).toBeCloseTo(SAVING_SIGMA, 9);
    expect(first.proof!.atOnceKwh).toBeCloseTo(BAR, 9);
    const second = await result(homes.cutter, e2);
    expect(second.points).toBe(110);
    expect(second.proof).toMatchObject({ status: 'held', releasedAt: null });
    // The season so far: 1.32 + 0.72 = 2.04 saved against √(2 × 0.44): z 2.175, under 2.5.
    expect(second.proof!.season).toMatchObject({ id: '2026-summer', endsOn: '2026-10-31', events: 2, boundaryZ: 2.5, heldPoints: 110 });
    expect(second.proof!.season.savedKwh).toBeCloseTo(2.04, 9);
    expect(second.proof!.season.sigmaKwh).toBeCloseTo(Math.sqrt(0.88), 9);
    expect(second.proof!.season.z).toBeCloseTo(2.04 / Math.sqrt(0.88), 9);
    expect(await points(homes.cutter)).toMatchObject({ balance: 160, heldPoints: 110 });

    // Late: E1's 12 % held (110), E2 saves nothing: no proof on it, nothing in the ledger.
    expect(await transfersOf(homes.late)).toEqual([]);
    expect((await result(homes.late, e1)).proof).toMatchObject({ status: 'held' });
    expect((await result(homes.late, e2)).proof).toBeUndefined();
    expect(await points(homes.late)).toMatchObject({ balance: 0, heldPoints: 110 });

    // Placebo: E1 reads 5.4, a 10 % cut by chance: 100 points held. E2 uses 0.6 more: nothing.
    expect((await result(homes.placebo, e1)).points).toBe(100);
    expect((await result(homes.placebo, e1)).proof).toMatchObject({ status: 'held' });
    expect(await transfersOf(homes.placebo)).toEqual([]);
    expect(await points(homes.placebo)).toMatchObject({ balance: 0, heldPoints: 100 });

    // The operator's list: E1 paid 160 (cutter) and held 110 (late) + 100 (placebo); E2 held the cutter's 110.
    const operator = await createMember(t.app);
    await setOperator(db(), operator.email);
    const listed = (await (await call(operator, '/api/ops/events')).json()) as { id: string; settled: { pointsAwarded: number; pointsHeld: number } | null }[];
    expect(listed.find((e) => e.id === e1)!.settled).toMatchObject({ pointsAwarded: 160, pointsHeld: 210 });
    expect(listed.find((e) => e.id === e2)!.settled).toMatchObject({ pointsAwarded: 0, pointsHeld: 110 });
  });

  it('(g) held results re-settled with new readings: one now clears the bar and is paid at once, one is held again at its new points', async () => {
    const [e1, e2] = events as [string, string];
    await write(homes.late, { '2026-06-15': 0.39 });
    await write(homes.cutter, { '2026-06-15': 0.39, '2026-06-16': 0.43, '2026-06-17': 0.42 });
    await settle(e1, EVENT_DAYS[0]!);
    await settle(e2, EVENT_DAYS[1]!);

    // Late: E1 now saves 1.32, 22 %: 160 at once, its first payment, in this run (version 2).
    expect(await transfersOf(homes.late)).toEqual([{ key: `event:${e1}:household:${homes.late.id}:to:160`, kind: 'event_reward', eventId: e1, amount: 160, detail: { eventId: e1, settlementVersion: 2 } }]);
    expect((await result(homes.late, e1)).proof).toMatchObject({ status: 'paid_at_once' });
    expect(await points(homes.late)).toMatchObject({ balance: 160, heldPoints: 0 });

    // Cutter: E2 saves 6 − 5.16 = 0.84, 14 %: 120, still under the bar; 2.16 ÷ √0.88 = 2.303 < 2.5.
    expect((await transfersOf(homes.cutter)).map((x) => x.key)).toEqual([`event:${e1}:household:${homes.cutter.id}:to:160`]);
    const second = await result(homes.cutter, e2);
    expect(second).toMatchObject({ points: 120, proof: { status: 'held' } });
    expect(second.proof!.season.z).toBeCloseTo(2.16 / Math.sqrt(0.88), 9);
    expect(await points(homes.cutter)).toMatchObject({ balance: 160, heldPoints: 120 });
  });

  it('(c) the third event proves the season: it and the held second event are released, each under its own key', async () => {
    const [, e2, e3] = events as [string, string, string];
    const at = settleAt(EVENT_DAYS[2]!);
    // The operator's list before: E2 holds the cutter's 120 and has paid nothing.
    const operator = await createMember(t.app);
    await setOperator(db(), operator.email);
    const listedE2 = async () => ((await (await call(operator, '/api/ops/events')).json()) as { id: string; settled: { pointsAwarded: number; pointsHeld: number } | null }[]).find((e) => e.id === e2)!.settled;
    expect(await listedE2()).toMatchObject({ pointsAwarded: 0, pointsHeld: 120 });
    await settle(e3, EVENT_DAYS[2]!);

    // E3 saves 0.96, 16 %: 130, under the bar; the season: (1.32 + 0.84 + 0.96) ÷ √1.32 = 2.716 ≥ 2.5.
    const id = homes.cutter.id;
    expect((await transfersOf(homes.cutter)).slice(1)).toEqual(
      expect.arrayContaining([
        { key: `event:${e2}:household:${id}:released:120`, kind: 'event_release', eventId: e2, amount: 120, detail: { eventId: e2, releasedByEventId: e3 } },
        { key: `event:${e3}:household:${id}:released:130`, kind: 'event_release', eventId: e3, amount: 130, detail: { eventId: e3, releasedByEventId: e3 } },
      ]),
    );
    expect(await transfersOf(homes.cutter)).toHaveLength(3);
    const second = await result(homes.cutter, e2);
    expect(second.proof).toMatchObject({ status: 'released', releasedByEventId: e3, releasedAt: at.toISOString().replace('.000Z', 'Z') });
    expect(second.proof!.season).toMatchObject({ events: 3, heldPoints: 0 });
    expect(second.proof!.season.z).toBeCloseTo(3.12 / Math.sqrt(1.32), 9);
    expect((await result(homes.cutter, e3)).proof).toMatchObject({ status: 'released', releasedByEventId: e3 });
    const summary = await points(homes.cutter);
    expect(summary).toMatchObject({ balance: 160 + 120 + 130, heldPoints: 0 });
    // Activity names the event each release paid for.
    expect(summary.activity.filter((a) => a.kind === 'event_release').map((a) => [a.eventId, a.amount])).toEqual(expect.arrayContaining([[e2, 120], [e3, 130]]));

    // Nobody else is proven: late 1.32 ÷ √1.32 = 1.15, placebo (0.6 − 0.6 + 0) ÷ √1.32 = 0.
    expect(await points(homes.late)).toMatchObject({ balance: 160, heldPoints: 0 });
    expect(await points(homes.placebo)).toMatchObject({ balance: 0, heldPoints: 100 });
    // E3's settlement released E2's 120: E2's line in the operator's list moves it from held to paid.
    expect(await listedE2()).toMatchObject({ pointsAwarded: 120, pointsHeld: 0 });
  });

  it('(d) running every settlement again posts nothing', async () => {
    const count = async () => Number(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from points_transfers`))[0]!.n);
    const before = await count();
    for (const [i, id] of events.entries()) await settle(id, EVENT_DAYS[i]!);
    expect(await count()).toBe(before);
    expect((await points(homes.cutter)).balance).toBe(410);
    expect((await points(homes.late)).balance).toBe(160);
    expect((await points(homes.placebo)).balance).toBe(0);
  });

  it('(g) a released result whose points rise is adjusted by the difference, and stays released by the event that released it', async () => {
    const [, e2, e3] = events as [string, string, string];
    // E2 corrected to 0.42 an interval: 16 %, 130 points, 10 more than the 120 released.
    await write(homes.cutter, { '2026-06-15': 0.39, '2026-06-16': 0.42, '2026-06-17': 0.42 });
    await settle(e2, EVENT_DAYS[1]!);
    const last = (await transfersOf(homes.cutter)).at(-1);
    expect(last).toMatchObject({ key: `event:${e2}:household:${homes.cutter.id}:to:130`, kind: 'event_adjustment', eventId: e2, amount: 10 });
    expect((await result(homes.cutter, e2)).proof).toMatchObject({ status: 'released', releasedByEventId: e3 });
    expect((await points(homes.cutter)).balance).toBe(420);
  });

  it('(g) a paid result corrected down keeps what it was paid, posts nothing, and says so', async () => {
    const [e1] = events as [string];
    const before = await transfersOf(homes.cutter);
    // E1 corrected to 0.5 an interval, its usual: no saving, nothing earned; 160 were paid at once.
    await write(homes.cutter, { '2026-06-15': 0.5, '2026-06-16': 0.42, '2026-06-17': 0.42 });
    await settle(e1, EVENT_DAYS[0]!);
    expect(await transfersOf(homes.cutter)).toEqual(before);
    const first = await result(homes.cutter, e1);
    expect(first).toMatchObject({ points: 0, targetMet: false });
    expect(first.proof).toMatchObject({ status: 'paid_at_once', keptPoints: 160, savingKwh: 0 });
    expect((await points(homes.cutter)).balance).toBe(420);
    // A result paid what it earns says nothing of kept points.
    expect((await result(homes.cutter, events[1]!)).proof).not.toHaveProperty('keptPoints');
  });

  it('(e, f) the placebo home is never paid: its lucky day is held past the summer’s last day to its final day, then lapsed', async () => {
    const e1 = events[0]!;
    expect(await transfersOf(homes.placebo)).toEqual([]);
    // 31 October on the home's clock: still held.
    clock.now = new Date('2026-10-31T12:00:00Z');
    expect((await result(homes.placebo, e1)).proof).toMatchObject({ status: 'held', season: { ended: false, finalOn: '2026-11-09', heldPoints: 100 } });
    expect((await points(homes.placebo)).heldPoints).toBe(100);
    // 1 November: the summer is over, but its last events can still be re-settled until 9 November (a day, then seven).
    clock.now = new Date('2026-11-01T12:00:00Z');
    expect((await result(homes.placebo, e1)).proof).toMatchObject({ status: 'held', season: { ended: true, endsOn: '2026-10-31', finalOn: '2026-11-09', heldPoints: 100 } });
    expect((await points(homes.placebo)).heldPoints).toBe(100);
    // 04:59 UTC on 9 November is 23:59 on the 8th in Toronto (EST): still held; 05:00 is midnight, the final day.
    clock.now = new Date('2026-11-09T04:59:00Z');
    expect((await result(homes.placebo, e1)).proof).toMatchObject({ status: 'held' });
    clock.now = new Date('2026-11-09T05:00:00Z');
    expect((await result(homes.placebo, e1)).proof).toMatchObject({ status: 'lapsed', season: { ended: true, heldPoints: 0 } });
    expect(await points(homes.placebo)).toMatchObject({ balance: 0, heldPoints: 0 });
    expect(await transfersOf(homes.placebo)).toEqual([]);
    // A released result stays released after the season.
    expect((await result(homes.cutter, events[1]!)).proof).toMatchObject({ status: 'released' });
    clock.now = new Date('2026-06-20T12:00:00Z');
  });

  it('(h) a season’s grace is longer than its last event and that event’s last re-settlement', () => {
    // The latest a summer event can run: from 23:55 on 31 October, as long as an event may last. Its
    // last re-settlement (the correction window's) is on 8 November in Toronto, before the final day.
    const start = zonedTimeToUtc('2026-10-31', 23, 55, ZONE);
    const lastRun = new Date(start.getTime() + EVENT_MAX_HOURS * HOUR + Math.max(...RESETTLE_AFTER_DAYS) * 24 * HOUR);
    expect(localDateOf(lastRun, ZONE)).toBe('2026-11-08');
    expect(seasonFinalOn('2026-summer')).toBe('2026-11-09');
  });

  it('(h) re-settled in the days after the summer’s end, a season still releases its held points; from its final day it releases none and they stay lapsed', async () => {
    // Two homes, each in three events of its own: E1 0.44 (saves 0.72, 12 %: 110 held), E2 and E3 nothing.
    const graced = await newHome();
    const late = await newHome();
    await write(graced, { '2026-06-15': 0.44 });
    await write(late, { '2026-06-15': 0.44 });
    const g: string[] = [];
    const f: string[] = [];
    for (const date of EVENT_DAYS) g.push(await newEvent(date, [graced]));
    for (const date of EVENT_DAYS) f.push(await newEvent(date, [late]));
    for (const [i, date] of EVENT_DAYS.entries()) {
      await settle(g[i]!, date);
      await settle(f[i]!, date);
    }
    // The season 0.72 ÷ √1.32 = 0.63: held, nothing in the ledger.
    for (const [home, ids] of [[graced, g], [late, f]] as const) {
      expect((await result(home, ids[0]!)).proof).toMatchObject({ status: 'held', season: { heldPoints: 110 } });
      expect(await transfersOf(home)).toEqual([]);
    }

    // Late readings correct E2 to 0.30 an interval: it saves 2.4 (40 %: twice the reward, 200, its
    // cap), paid at once, and the season, (0.72 + 2.4 + 0) ÷ √1.32 = 2.72, is proven. Re-settled at
    // 23:00 on 8 November in Toronto, the grace's last hour: E1's 110 are released by E2.
    await write(graced, { '2026-06-15': 0.44, '2026-06-16': 0.3 });
    const inGrace = new Date('2026-11-09T04:00:00Z');
    await settleOn(g[1]!, inGrace);
    expect(await transfersOf(graced)).toEqual([
      { key: `event:${g[1]}:household:${graced.id}:to:200`, kind: 'event_reward', eventId: g[1], amount: 200, detail: { eventId: g[1], settlementVersion: 2 } },
      { key: `event:${g[0]}:household:${graced.id}:released:110`, kind: 'event_release', eventId: g[0], amount: 110, detail: { eventId: g[0], releasedByEventId: g[1] } },
    ]);
    clock.now = new Date('2026-11-20T12:00:00Z');
    expect((await result(graced, g[0]!)).proof).toMatchObject({ status: 'released', releasedByEventId: g[1], releasedAt: '2026-11-09T04:00:00Z' });
    expect(await points(graced)).toMatchObject({ balance: 310, heldPoints: 0 });

    // The other home at midnight on 9 November in Toronto: final, E1's 110 lapsed.
    const final = new Date('2026-11-09T05:00:00Z');
    clock.now = final;
    expect((await result(late, f[0]!)).proof).toMatchObject({ status: 'lapsed', season: { ended: true, heldPoints: 0 } });
    // The same correction of E2, and one of E1 to 0.39 an interval (saves 1.32, 22 %: 160, clear of the
    // 1.2159 kWh bar), re-settled from then on: the season test passes ((0.72 + 2.4) ÷ √1.32 = 2.72, then
    // (1.32 + 2.4) ÷ √1.32 = 3.24) but releases nothing, and E1, shown lapsed, is not paid at once either.
    // E2 earned nothing before: its 200 are paid at once, as any re-settlement pays a new result.
    await write(late, { '2026-06-15': 0.39, '2026-06-16': 0.3 });
    await settleOn(f[1]!, final);
    await settleOn(f[0]!, new Date('2026-11-12T12:00:00Z'));
    expect(await transfersOf(late)).toEqual([
      { key: `event:${f[1]}:household:${late.id}:to:200`, kind: 'event_reward', eventId: f[1], amount: 200, detail: { eventId: f[1], settlementVersion: 2 } },
    ]);
    clock.now = new Date('2026-11-20T12:00:00Z');
    const first = await result(late, f[0]!);
    expect(first).toMatchObject({ points: 160, proof: { status: 'lapsed', releasedAt: null, releasedByEventId: null, season: { events: 3, heldPoints: 0 } } });
    expect(first.proof!.season.z).toBeCloseTo(3.72 / Math.sqrt(1.32), 9);
    expect(await points(late)).toMatchObject({ balance: 200, heldPoints: 0 });
    clock.now = new Date('2026-06-20T12:00:00Z');
  });

  it('two settlements of one home’s events at once release its held event once', async () => {
    const [f1, f2, f3] = racerEvents as [string, string, string];
    // F1 saves 0.72: 110 held. F2 and F3 each save 1.8, 30 %: 200 at once, and each alone proves
    // the season with F1: (0.72 + 1.8) ÷ √0.88 = 2.686.
    await settle(f1, EVENT_DAYS[0]!);
    let parallel: Db = db();
    let pool: pg.Pool | null = null;
    if (t.database.kind === 'postgres') {
      // Each settlement on a connection of its own, as two job workers would run them.
      pool = new pg.Pool({ connectionString: await databaseUrl(), max: 2 });
      parallel = drizzle({ client: pool, schema });
    }
    try {
      await Promise.all([settle(f2, EVENT_DAYS[1]!, parallel), settle(f3, EVENT_DAYS[2]!, parallel)]);
    } finally {
      await pool?.end();
    }
    const transfers = await transfersOf(homes.racer);
    expect(transfers.filter((x) => x.kind === 'event_release')).toEqual([expect.objectContaining({ key: `event:${f1}:household:${homes.racer.id}:released:110`, eventId: f1, amount: 110 })]);
    expect(transfers.filter((x) => x.kind === 'event_reward').map((x) => x.amount)).toEqual([200, 200]);
    const [row] = rowsOf<{ status: string; by: string }>(
      await db().execute(sql`select proof_status as status, released_by_event_id as by from event_results where event_id = ${f1}::uuid and household_id = ${homes.racer.id}::uuid`),
    );
    expect(row!.status).toBe('released');
    expect([f2, f3]).toContain(row!.by);
    expect((await points(homes.racer)).balance).toBe(510);
  });

  it('two settlements that release each other’s held results, forced to interleave, never deadlock', async () => {
    // On PostgreSQL the two run on connections of their own, forced to interleave by a barrier; on
    // PGlite (one connection) one after the other. Two homes in two events (A 15 June, B 16 June).
    // One home: A nothing, B 0.44 (0.72 saved, 110 held); the other the other way round.
    // Corrected readings then put 0.30 an interval in the
    // first home's A and the second's B: 2.4 saved, 40 %, 200 paid at once, and each home's season,
    // (2.4 + 0.72) ÷ √0.88 = 3.33, proves it. So A's re-settlement releases the first home's B, and
    // B's the second home's A: each releases a result of the event the other is settling.
    const one = await newHome();
    const two = await newHome();
    await write(one, { '2026-06-16': 0.44 });
    await write(two, { '2026-06-15': 0.44 });
    const a = await newEvent(EVENT_DAYS[0]!, [one, two]);
    const b = await newEvent(EVENT_DAYS[1]!, [one, two]);
    await settle(a, EVENT_DAYS[0]!);
    await settle(b, EVENT_DAYS[1]!);
    expect((await result(one, b)).proof).toMatchObject({ status: 'held' });
    expect((await result(two, a)).proof).toMatchObject({ status: 'held' });
    await write(one, { '2026-06-15': 0.3, '2026-06-16': 0.44 });
    await write(two, { '2026-06-15': 0.44, '2026-06-16': 0.3 });

    let parallel: Db = db();
    let pool: pg.Pool | null = null;
    let barrier: pg.Client | null = null;
    if (t.database.kind === 'postgres') {
      const url = await databaseUrl();
      pool = new pg.Pool({ connectionString: url, max: 2 });
      parallel = drizzle({ client: pool, schema });
      // The barrier: a third session holds both events' results of both homes, so both settlements
      // start and wait (on those rows, or on each other), then go on together: the interleaving in
      // which each had locked its own event's results before releasing the other's.
      barrier = new pg.Client({ connectionString: url });
      await barrier.connect();
      await barrier.query('begin');
      await barrier.query('select 1 from event_results where event_id = any($1::uuid[]) and household_id = any($2::uuid[]) for update', [[a, b], [one.id, two.id]]);
    }
    try {
      const runs = Promise.allSettled([settle(a, EVENT_DAYS[0]!, parallel), settle(b, EVENT_DAYS[1]!, parallel)]);
      if (barrier) {
        // Both settlements waiting on a lock, then the barrier lifted. A transaction reads one snapshot
        // of the statistics unless told to clear it.
        const waiting = async () => {
          await barrier!.query('select pg_stat_clear_snapshot()');
          return Number((await barrier!.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].n);
        };
        for (let tries = 0; (await waiting()) < 2; tries += 1) {
          if (tries > 200) throw new Error('the settlements never reached the barrier');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await barrier.query('commit');
      }
      // A deadlock is PostgreSQL's 40P01 on one of them.
      const failed = (await runs).flatMap((run) => (run.status === 'rejected' ? [(run.reason as { cause?: { code?: string }; code?: string }).cause?.code ?? (run.reason as { code?: string }).code ?? String(run.reason)] : []));
      expect(failed).toEqual([]);
    } finally {
      await barrier?.end();
      await pool?.end();
    }
    // Both runs did all they had to: each home's corrected event paid at once, its held one released by it.
    for (const [home, paidBy, held] of [[one, a, b], [two, b, a]] as const) {
      const transfers = await transfersOf(home);
      expect(transfers.map((x) => [x.kind, x.eventId, x.amount])).toEqual(expect.arrayContaining([['event_reward', paidBy, 200], ['event_release', held, 110]]));
      expect(transfers).toHaveLength(2);
      expect((await result(home, held)).proof).toMatchObject({ status: 'released', releasedByEventId: paidBy });
    }
  });
});
