import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { seasonHoldoutCap } from '@peakwise/domain/event-holdout';
import { eventSeason } from '@peakwise/domain/event-season';
import { addDays, zonedTimeToUtc } from '@peakwise/domain/local-time';
/* eslint-disable @typescript-eslint/no-explicit-any -- the impact's JSON is read field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { fanOutToArea } from '../notifications/event-notifications.repository';
import { fanOutEventScheduled } from '../webhooks/webhooks.repository';
import { autoOptIn, setOptInEveryEvent } from './event-preferences.repository';
import { settleEndedEvent } from './event-settlement.service';
import { upsertProgram } from './events.repository';
import { recentWeekday, weekdaysBefore } from '../../test/ontario-weekdays';
import { gridOnlyReading } from '../../test/grid-only-readings';

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOMES = 25;
/** 16 % of 25 homes: 4 held out of each event. */
const PERCENT = 16;


/** The draw replayed from its seed alone, in plain JS: md5(seed || id) order, then id, first `size`. */
const replay = (seed: string, drawable: string[], size: number) =>
  drawable
    .map((id) => ({ id, key: createHash('md5').update(seed + id).digest('hex') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1))
    .slice(0, size)
    .map((x) => x.id)
    .sort();

type Home = { member: Member; householdId: string; token: string };

describe('a random hold-out per event (decision 100)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let programId: string;
  const homes: Home[] = [];
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 19, 0, ZONE);
  const later: string[] = [];
  let eventId: string;

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const heldOutOf = async (id: string) =>
    (await rows<{ h: string }>(sql`select household_id as h from event_assignments where event_id = ${id}::uuid and held_out order by 1`)).map((r) => r.h);
  const schedule = (body: Record<string, unknown>) => t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, ...body }) });
  const reading = gridOnlyReading;
  const ingest = async (home: Home, meter: unknown[]) => {
    const res = await t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${home.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
    expect(await res.json()).toMatchObject({ rejected: [] });
  };
  const homeOf = (householdId: string) => homes.find((h) => h.householdId === householdId)!;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    for (let i = 0; i < HOMES; i++) {
      const member = await createMember(t.app);
      const household = await ensureHouseholdForUser(t.database.db, member.userId);
      homes.push({ member, householdId: household.id, token: (await issueIngestCredential(t.database.db, household.id, null, 'test')).token });
    }
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    now = zonedTimeToUtc(eventDate, 12, 0, ZONE);
  }, 120_000);
  afterAll(() => t.close());

  it('refuses a hold-out outside 0–50 % or not whole, and stores nothing', async () => {
    for (const holdoutPercent of [51, -1, 2.5, '5']) {
      const res = await schedule({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), holdoutPercent });
      expect(res.status, String(holdoutPercent)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('The hold-out must be a whole percentage from 0% to 50%.');
    }
    expect(await rows(sql`select 1 from energy_events`)).toHaveLength(0);
  });

  it('draws at announcement from a recorded seed: random, recorded, and repeatable from the seed', async () => {
    const res = await schedule({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), holdoutPercent: PERCENT });
    expect(res.status).toBe(201);
    eventId = ((await res.json()) as { id: string }).id;
    const [draw] = await rows<{ seed: string; percent: number; eligible: number; drawable: number; heldOut: number }>(
      sql`select seed, percent, eligible, drawable, held_out as "heldOut" from event_holdout_draws where event_id = ${eventId}::uuid`,
    );
    // 25 homes in the area (the operator's has no postal code, so is in none): 16 % of 25 = 4.
    expect(draw).toMatchObject({ percent: PERCENT, eligible: HOMES, drawable: HOMES, heldOut: 4 });
    expect(draw!.seed).toMatch(/^[0-9a-f]{32}$/);
    const assigned = await rows<{ h: string }>(sql`select household_id as h from event_assignments where event_id = ${eventId}::uuid order by 1`);
    expect(assigned.map((r) => r.h)).toEqual(homes.map((h) => h.householdId).sort());
    const heldOut = await heldOutOf(eventId);
    expect(heldOut).toEqual(replay(draw!.seed, homes.map((h) => h.householdId), 4));
    // Another seed over the same homes holds out others: the seed, not the ids' order, decides.
    expect(replay('0'.repeat(32), homes.map((h) => h.householdId), 4)).not.toEqual(heldOut);
    expect(heldOut).not.toEqual(homes.map((h) => h.householdId).sort().slice(0, 4));
    // The database refuses a share above the event's percent, and a held-out home that was not drawable.
    await expect(t.database.db.execute(sql`update event_holdout_draws set held_out = 5, drawable = 25 where event_id = ${eventId}::uuid`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update event_assignments set drawable = false where event_id = ${eventId}::uuid and held_out`)).rejects.toThrow();
    // The console lists it.
    const list = (await (await t.app.request('/api/ops/events', { headers: asMember(operator) })).json()) as { id: string; holdoutPercent: number; heldOut: number }[];
    expect(list.find((e) => e.id === eventId)).toMatchObject({ holdoutPercent: PERCENT, heldOut: 4 });
  });

  it('never holds a home out of two consecutive events of the program, and caps its season share', async () => {
    // Six more evenings after the first: each draw leaves out the homes held out of its neighbours.
    for (let d = 1; later.length < 6; d++) {
      const day = addDays(eventDate, d);
      const res = await schedule({ startsAt: zonedTimeToUtc(day, 18, 0, ZONE).toISOString(), endsAt: zonedTimeToUtc(day, 19, 0, ZONE).toISOString(), holdoutPercent: PERCENT });
      expect(res.status).toBe(201);
      later.push(((await res.json()) as { id: string }).id);
    }
    const sequence = [eventId, ...later];
    const held = await Promise.all(sequence.map(heldOutOf));
    const seeds = await rows<{ seed: string }>(sql`select distinct seed from event_holdout_draws`);
    expect(seeds).toHaveLength(sequence.length);
    for (let i = 1; i < sequence.length; i++) {
      expect(held[i]!.filter((h) => held[i - 1]!.includes(h)), `events ${i - 1} and ${i}`).toEqual([]);
      const [draw] = await rows<{ seed: string; drawable: number; heldOut: number }>(
        sql`select seed, drawable, held_out as "heldOut" from event_holdout_draws where event_id = ${sequence[i]}::uuid`,
      );
      const drawable = (await rows<{ h: string }>(sql`select household_id as h from event_assignments where event_id = ${sequence[i]}::uuid and drawable`)).map((r) => r.h);
      expect(held[i]).toEqual(replay(draw!.seed, drawable, draw!.heldOut));
      expect(draw!.heldOut).toBe(4);
    }
    // Within a season, a home is held out of at most one in five (rounded up) of the events so far.
    const seasons = sequence.map((_, i) => eventSeason(addDays(eventDate, i)));
    for (let i = 0; i < sequence.length; i++) {
      const sameSeason = sequence.slice(0, i + 1).filter((_, j) => seasons[j] === seasons[i]);
      const counts = new Map<string, number>();
      for (let j = 0; j <= i; j++) if (seasons[j] === seasons[i]) for (const h of held[j]!) counts.set(h, (counts.get(h) ?? 0) + 1);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(seasonHoldoutCap(sameSeason.length));
    }
  });

  it('tells held-out homes nothing: no notification on any channel, no webhook, no automatic opt-in', async () => {
    const held = await heldOutOf(eventId);
    const called = homes.map((h) => h.householdId).filter((h) => !held.includes(h));
    // One held-out and one called member can be reached by push, and listen on a webhook; both chose "every event".
    for (const h of [held[0]!, called[0]!]) {
      const userId = homeOf(h).member.userId;
      await t.database.db.execute(sql`insert into notification_preferences (user_id, channel, kind, enabled) values (${userId}, 'push', 'events', true)`);
      await t.database.db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${userId}, ${`https://push.example/${h}`}, 'k', 'a')`);
      await t.database.db.execute(sql`insert into webhook_endpoints (user_id, url, events, secret) values (${userId}, ${`https://hooks.example/${h}`}, array['event.scheduled'], 's')`);
      await setOptInEveryEvent(t.database.db, h, true, userId, now);
    }
    await t.database.db.transaction(async (tx) => {
      await autoOptIn(tx, { eventId }, now);
      await fanOutToArea(tx, eventId, 'announced', now);
      await fanOutToArea(tx, eventId, 'reminder', now);
      await fanOutEventScheduled(tx, eventId, now);
    });
    const notified = await rows<{ h: string; channel: string; kind: string }>(sql`select household_id as h, channel, kind from event_notifications where event_id = ${eventId}::uuid`);
    expect(new Set(notified.map((n) => n.h))).toEqual(new Set(called));
    expect(notified.filter((n) => n.channel === 'email')).toHaveLength(called.length * 2);
    expect(notified.filter((n) => n.channel === 'push').map((n) => n.h)).toEqual([called[0], called[0]]);
    const hooks = await rows<{ url: string }>(sql`select w.url from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id where d.event_key = ${`event.scheduled:${eventId}`}`);
    expect(hooks.map((r) => r.url)).toEqual([`https://hooks.example/${called[0]}`]);
    const opted = await rows<{ h: string }>(sql`select household_id as h from event_participations where event_id = ${eventId}::uuid and opted_in`);
    expect(opted.map((r) => r.h)).toEqual([called[0]]);
    // Turning "every event" on later does not opt the held-out home in either.
    await t.database.db.transaction((tx) => autoOptIn(tx, { householdId: held[0]! }, now));
    expect(await rows(sql`select 1 from event_participations where event_id = ${eventId}::uuid and household_id = ${held[0]}::uuid`)).toHaveLength(0);
  });

  it('offers a held-out home nothing to opt in to, and its page by URL says it is not needed', async () => {
    const held = homeOf((await heldOutOf(eventId))[0]!).member;
    const next = (await (await t.app.request('/api/events/next', { headers: asMember(held) })).json()) as { event: { id: string } | null };
    expect(next.event?.id).not.toBe(eventId);
    const upcoming = (await (await t.app.request('/api/events/upcoming', { headers: asMember(held) })).json()) as { events: { id: string }[] };
    expect(upcoming.events.map((e) => e.id)).not.toContain(eventId);
    const page = (await (await t.app.request(`/api/events/${eventId}`, { headers: asMember(held) })).json()) as { event: Record<string, unknown>; outlook: unknown };
    expect(page.event).toMatchObject({ id: eventId, heldOut: true, canChange: false, optedIn: false });
    expect(page.outlook).toBeNull();
    const optIn = await t.app.request(`/api/events/${eventId}/participation`, { method: 'PUT', headers: asMember(held), body: JSON.stringify({ optedIn: true }) });
    expect(optIn.status).toBe(409);
    expect(await optIn.json()).toMatchObject({ error: { code: 'held_out', message: 'Your home is not needed for this event.' } });
    // A called home sees it as usual.
    const heldIds = await heldOutOf(eventId);
    const calledHome = homes.find((h) => !heldIds.includes(h.householdId))!;
    const calledPage = (await (await t.app.request(`/api/events/${eventId}`, { headers: asMember(calledHome.member) })).json()) as { event: Record<string, unknown> };
    expect(calledPage.event.heldOut).toBeUndefined();
  });

  it('measures the impact as called minus held out with a 95 % Welch interval, beside the baselines, from raw readings', async () => {
    const held = await heldOutOf(eventId);
    const called = homes.map((h) => h.householdId).filter((h) => !held.includes(h));
    expect(called).toHaveLength(21);
    const path = `/api/ops/events/${eventId}/impact`;
    // Access: operators only; a member gets the unknown path's 404; nothing before settlement.
    expect((await t.app.request(path)).status).toBe(401);
    expect((await t.app.request(path, { headers: asMember(homeOf(called[0]!).member) })).status).toBe(404);
    expect((await t.app.request('/api/ops/events/not-a-uuid/impact', { headers: asMember(operator) })).status).toBe(400);
    expect((await t.app.request('/api/ops/events/00000000-0000-4000-8000-000000000000/impact', { headers: asMember(operator) })).status).toBe(404);
    const early = await t.app.request(path, { headers: asMember(operator) });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { code: 'impact_not_ready' } });

    // called[0] was opted in by "every event"; called[1] opts in. Both have ten usual weekdays at
    // 0.2 kWh per 5 minutes (13:00–20:00) and the same before the event: a 2.4 kWh baseline, factor 1.
    expect((await t.app.request(`/api/events/${eventId}/participation`, { method: 'PUT', headers: asMember(homeOf(called[1]!).member), body: JSON.stringify({ optedIn: true }) })).status).toBe(200);
    const span = (day: string, from: number, to: number, kwh: number) => {
      const out: unknown[] = [];
      for (let ms = zonedTimeToUtc(day, from, 0, ZONE).getTime(); ms < zonedTimeToUtc(day, to, 0, ZONE).getTime(); ms += FIVE_MINUTES) out.push(reading(ms, kwh));
      return out;
    };
    now = zonedTimeToUtc(eventDate, 20, 0, ZONE);
    for (const h of called.slice(0, 2)) await ingest(homeOf(h), [...weekdaysBefore(eventDate, 10).flatMap((d) => span(d, 13, 20, 0.2)), ...span(eventDate, 13, 18, 0.2)]);
    // The window, 18:00–19:00 (12 intervals), on what each home drew from the grid: held out
    // 0.1, 0.15, 0.2, 0.25 kWh a typical interval → 1.2, 1.8, 2.4, 3.0 kWh. Called: 0.08, 0.12,
    // 0.16 in turn → 0.96, 1.44, 1.92, six homes each; the last three called homes miss an
    // interval and are left out of the comparison. Every called home and the first two held out
    // have panels reporting through a gateway (use = import + production − export):
    //   18:00 exports more than it imports: in 0, out 0.04, production 0.3, use 0.26 → draw 0;
    //   18:05 both registers: in 2k + 0.03, out 0.03, production 0.1, use 2k + 0.1 → draw 2k;
    //   18:10–18:55 in k, out 0, production 0.05, use k + 0.05 → draw k;
    // so a solar home draws 0 + 2k + 10k = 12k, as a grid-only home at k does, and uses 12k + 0.86.
    // On use the called mean would be 1.44 + 0.86 = 2.30, above the held-out 2.1 + 0.43; summing
    // import − export without the floor at 0 would give 1.44 − 0.04.
    const solarWindow = (k: number) =>
      span(eventDate, 18, 19, k).map((r, i) => {
        const ts = (r as { ts: string }).ts;
        if (i === 0) return { ts, productionKwh: 0.3, consumptionKwh: 0.26, gridImportKwh: 0, gridExportKwh: 0.04 };
        if (i === 1) return { ts, productionKwh: 0.1, consumptionKwh: 2 * k + 0.1, gridImportKwh: 2 * k + 0.03, gridExportKwh: 0.03 };
        return { ts, productionKwh: 0.05, consumptionKwh: k + 0.05, gridImportKwh: k, gridExportKwh: 0 };
      });
    const perInterval = new Map<string, number>();
    held.forEach((h, i) => perInterval.set(h, [0.1, 0.15, 0.2, 0.25][i]!));
    called.forEach((h, i) => perInterval.set(h, [0.08, 0.12, 0.16][i % 3]!));
    for (const [h, kwh] of perInterval) {
      const window = called.includes(h) || held.indexOf(h) < 2 ? solarWindow(kwh) : span(eventDate, 18, 19, kwh);
      await ingest(homeOf(h), called.indexOf(h) >= 18 ? window.slice(0, 11) : window);
    }
    now = new Date(endsAt.getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));

    const res = await t.app.request(path, { headers: asMember(operator) });
    expect(res.status).toBe(200);
    const impact = (await res.json()) as Record<string, any>;
    // By hand: called n 18, mean 1.44, variance 12 × 0.48² / 17 = 0.1626353; held out n 4, mean 2.1,
    // variance (0.9² + 0.3²) × 2 / 3 = 0.6. Difference −0.66 kWh; se² = 0.1626353/18 + 0.6/4 =
    // 0.1590353; Welch df = 3.3701388; t(0.975, df) = 2.9935663 (scipy) → [−1.8538112, 0.5338112].
    // Total: 0.66 × 21 called homes = 13.86 kWh saved, [−11.2100350, 38.9300350]. The baselines:
    // (2.4 − 0.96) + (2.4 − 1.44) = 2.4 kWh, so they said 11.46 kWh (82.68 %) less than measured.
    expect(impact).toMatchObject({ eventId, status: 'measured', holdoutPercent: PERCENT, calledHouseholds: 21, heldOutHouseholds: 4, calledMeasured: 18, heldOutMeasured: 4, confidence: 0.95 });
    expect(impact.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(impact.calledMeanKwh).toBeCloseTo(1.44, 9);
    expect(impact.heldOutMeanKwh).toBeCloseTo(2.1, 9);
    expect(impact.perHousehold.differenceKwh).toBeCloseTo(-0.66, 9);
    expect(impact.perHousehold.degreesOfFreedom).toBeCloseTo(3.3701387820210686, 6);
    expect(impact.perHousehold.low).toBeCloseTo(-1.8538111881224075, 6);
    expect(impact.perHousehold.high).toBeCloseTo(0.5338111881224072, 6);
    expect(impact.total.savedKwh).toBeCloseTo(13.86, 8);
    expect(impact.total.low).toBeCloseTo(-11.210034950570552, 5);
    expect(impact.total.high).toBeCloseTo(38.93003495057056, 5);
    expect(impact.baseline.households).toBe(2);
    expect(impact.baseline.savedKwh).toBeCloseTo(2.4, 9);
    expect(impact.baselineBiasKwh).toBeCloseTo(-11.46, 8);
    expect(impact.baselineBiasPercent).toBeCloseTo(-82.68398268398268, 6);
  });
});
