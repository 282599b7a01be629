import { addDays, isWeekend, localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { insertEvent, upsertProgram } from './events.repository';
import { gridOnlyReading } from '../../test/grid-only-readings';

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;

/** A weekday three or more days ago that is not an Ontario holiday. */
function recentWeekday(): string {
  let date = addDays(localDateOf(new Date(), ZONE), -3);
  const holidays = new Set(provincialHolidayDates('ON', Number(date.slice(0, 4)) - 1, Number(date.slice(0, 4))));
  while (isWeekend(date) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

describe('live scorecard: GET /api/events/{id}/scorecard and the live stream', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let member: Member;
  let bystander: Member;
  let eventId: string;
  let elsewhereId: string;
  let ingest: (meter: unknown[]) => Promise<Response>;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 19, 0, ZONE);
  const reading = gridOnlyReading;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
    bystander = await createMember(t.app);
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    await ensureHouseholdForUser(t.database.db, bystander.userId);
    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    const bcProgram = await upsertProgram(t.database.db, { name: 'BC Peak Saver', provinces: ['BC'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    // 20 points per kWh beyond the target (decision 113), copied to the event when it is scheduled.
    await t.database.db.execute(sql`update event_programs set points_per_kwh = 20 where id = ${programId}::uuid`);
    elsewhereId = await insertEvent(t.database.db, { programId: bcProgram, startsAt, endsAt, rewardPoints: 100, targetPercent: 10, createdBy: 'test' });

    now = new Date(startsAt.getTime() - 6 * 3_600_000);
    const scheduled = await t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }) });
    eventId = ((await scheduled.json()) as { id: string }).id;
    expect((await t.app.request(`/api/events/${eventId}/participation`, { method: 'PUT', headers: asMember(member), body: JSON.stringify({ optedIn: true }) })).status).toBe(200);

    const credential = await issueIngestCredential(t.database.db, household.id, null, 'test');
    ingest = async (meter) => t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credential.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
    // 30 days of 0.5 kWh every 5 minutes from 13:00 to 20:00, and the event day up to the start.
    const meter: unknown[] = [];
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      const until = back === 0 ? startsAt.getTime() : zonedTimeToUtc(day, 20, 0, ZONE).getTime();
      for (let ms = zonedTimeToUtc(day, 13, 0, ZONE).getTime(); ms < until; ms += FIVE_MINUTES) meter.push(reading(ms, 0.5));
    }
    // Ingest reads the app's clock (decision 050): the history arrives just before the start.
    now = new Date(startsAt.getTime() - 60_000);
    expect(await (await ingest(meter)).json()).toMatchObject({ accepted: meter.length, rejected: [] });
  });
  afterAll(() => t.close());

  const get = (who: Member, id: string) => t.app.request(`/api/events/${id}/scorecard`, { headers: asMember(who) });

  it('refuses before the start, outside the area and without opting in, with a message', async () => {
    now = new Date(startsAt.getTime() - 60_000);
    const early = await get(member, eventId);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: { code: 'event_not_started', message: 'The live scorecard starts when the event starts.' } });
    now = new Date(startsAt.getTime() + 60_000);
    const elsewhere = await get(member, elsewhereId);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: { code: 'not_found', message: 'No such event.' } });
    expect((await get(member, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(member, 'nope')).status).toBe(400);
    const notIn = await get(bystander, eventId);
    expect(notIn.status).toBe(409);
    expect(await notIn.json()).toEqual({ error: { code: 'not_opted_in', message: 'Your home is not taking part in this event.' } });
  });

  it('shows baseline against actual per elapsed interval, kWh saved and points on track (hand-computed)', async () => {
    now = new Date(startsAt.getTime() + 17 * 60_000);
    expect(await (await ingest([0, 1, 2].map((i) => reading(startsAt.getTime() + i * FIVE_MINUTES, 0.4)))).json()).toMatchObject({ accepted: 3 });
    const res = await get(member, eventId);
    expect(res.status).toBe(200);
    const card = (await res.json()) as Record<string, unknown> & { intervals: unknown[]; baselineKwh: number; actualKwh: number; savedKwh: number; reductionPercent: number };
    // Baseline 0.5 kWh per interval (ten identical days, factor 1: the window matched), 3 in at
    // 0.4: 1.5 against 1.2, 0.3 kWh saved = 20 %, on track for 100 × (1 + 10 / 20) = 150 on the
    // curve. The same 20 % over the hour's 6.0 kWh baseline saves 1.2 kWh, 0.6 beyond the 10 %
    // target: × 20 points per kWh = 12. On track for 162.
    expect(card).toMatchObject({ eventId, provisional: true, status: 'live', intervalsIn: 3, intervalsTotal: 12, targetMet: true, pointsOnTrack: 162, targetPercent: 10, rewardPoints: 100 });
    expect(card.baselineKwh).toBeCloseTo(1.5, 9);
    expect(card.actualKwh).toBeCloseTo(1.2, 9);
    expect(card.savedKwh).toBeCloseTo(0.3, 9);
    expect(card.reductionPercent).toBeCloseTo(20, 6);
    // No panels and no export: its use is its draw, nothing to say about the grid.
    expect(card).not.toHaveProperty('fromGrid');
    // 17 minutes in, four intervals have begun; the fourth has no reading yet. 0.5 kWh in 5 min = 6 kW.
    expect(card.intervals).toEqual([0, 1, 2, 3].map((i) => ({ startsAt: new Date(startsAt.getTime() + i * FIVE_MINUTES).toISOString(), baselineKw: 6, actualKw: i < 3 ? expect.closeTo(4.8, 9) : null })));
  });

  it('pushes the new scorecard over the live stream when a reading during the event is stored', async () => {
    now = new Date(startsAt.getTime() + 22 * 60_000);
    const controller = new AbortController();
    const res = await t.app.request('/api/live', { headers: asMember(member), signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    // The fourth interval at 0.3: 2.0 kWh of baseline against 1.5, 25 % → 100 × (1 + 15 / 20) = 175,
    // and over the hour 1.5 kWh saved, 0.9 beyond the target × 20 = 18: 193.
    await ingest([reading(startsAt.getTime() + 3 * FIVE_MINUTES, 0.3)]);
    await readUntil('event: scorecard');
    await readUntil('\n\n');
    const line = text.split('\n').find((l, i, all) => all[i - 1] === 'event: scorecard' && l.startsWith('data: '))!;
    const pushed = JSON.parse(line.slice('data: '.length)) as { intervalsIn: number; pointsOnTrack: number; savedKwh: number };
    expect(pushed).toMatchObject({ eventId, provisional: true, intervalsIn: 4, pointsOnTrack: 193 });
    expect(pushed.savedKwh).toBeCloseTo(0.5, 9);
    controller.abort();
    await reader.cancel().catch(() => {});
  });

  it('lets an operator watch the event: opted-in and reporting homes, summed baseline against actual kW; members get 404', async () => {
    now = new Date(startsAt.getTime() - 60_000);
    expect((await t.app.request(`/api/ops/events/${eventId}/live`, { headers: asMember(operator) })).status).toBe(409);
    now = new Date(startsAt.getTime() + 22 * 60_000);
    expect((await t.app.request(`/api/ops/events/${eventId}/live`, { headers: asMember(member) })).status).toBe(404);
    expect((await t.app.request(`/api/ops/events/${eventId}/live`)).status).toBe(401);
    const res = await t.app.request(`/api/ops/events/${eventId}/live`, { headers: asMember(operator) });
    expect(res.status).toBe(200);
    const live = (await res.json()) as Record<string, unknown>;
    // One home opted in and reporting; five intervals have begun 22 minutes in. Readings so far:
    // 0.4, 0.4, 0.4, 0.3 kWh (4.8, 4.8, 4.8, 3.6 kW), none yet in the fifth; baseline 6 kW each.
    expect(live).toMatchObject({ eventId, optedIn: 1, reporting: 1, withBaseline: 1, asOf: now.toISOString() });
    expect(live.intervals).toEqual(
      // The fifth has no reading yet: pending (null), not 0 kW.
      [4.8, 4.8, 4.8, 3.6, null].map((kw, i) => ({ startsAt: new Date(startsAt.getTime() + i * FIVE_MINUTES).toISOString(), baselineKw: expect.closeTo(6, 9), actualKw: kw === null ? null : expect.closeTo(kw, 9), households: i < 4 ? 1 : 0 })),
    );
  });
});
