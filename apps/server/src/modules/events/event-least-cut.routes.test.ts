import { zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { gridOnlyDays } from '../../test/grid-only-readings';
import { recentWeekday, weekdaysBefore } from '../../test/ontario-weekdays';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';
import { upsertProgram } from './events.repository';

const ZONE = 'America/Toronto';

type Detail = { outlook: Record<string, unknown> | null; result: Record<string, unknown> | null };

/**
 * The least cut that earns points (decision 148: 0.05 kWh an hour), through the API: told before the
 * event, held to at settlement, and explained after. Two homes draw almost nothing over a one-hour
 * event: 0.004 kWh a 5-minute interval (0.048 kWh, under the least cut) and 0.005 (0.06 kWh, over it).
 * Both cut everything; the curve alone would pay each 200 points.
 */
describe('the least cut that earns points, before and after an event (decision 148)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let under: Member;
  let over: Member;
  let eventId: string;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 19, 0, ZONE);
  const usual = weekdaysBefore(eventDate, 10);
  let ingestFor: (member: Member, meter: unknown[]) => Promise<Response>;

  /** 13:00–20:00 every 5 minutes of each day (the event day up to its end), `kwh(ms)` per interval. */
  const daysOf = (days: string[], kwh: (ms: number) => number) =>
    gridOnlyDays(days, (day) => [zonedTimeToUtc(day, 13, 0, ZONE), day === eventDate ? endsAt : zonedTimeToUtc(day, 20, 0, ZONE)], (_day, ms) => kwh(ms));

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    under = await createMember(t.app);
    over = await createMember(t.app);
    const credentials = new Map<string, string>();
    for (const m of [under, over]) {
      const household = await ensureHouseholdForUser(t.database.db, m.userId);
      credentials.set(m.userId, (await issueIngestCredential(t.database.db, household.id, null, 'test')).token);
    }
    ingestFor = async (m, meter) =>
      t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credentials.get(m.userId)}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    now = zonedTimeToUtc(eventDate, 12, 0, ZONE);
    const scheduled = await t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }) });
    eventId = ((await scheduled.json()) as { id: string }).id;
    for (const [m, kwh] of [[under, 0.004], [over, 0.005]] as const) {
      expect(await (await ingestFor(m, daysOf(usual, () => kwh))).json()).toMatchObject({ rejected: [] });
      expect((await t.app.request(`/api/events/${eventId}/participation`, { method: 'PUT', headers: asMember(m), body: JSON.stringify({ optedIn: true }) })).status).toBe(200);
    }
  });
  afterAll(() => t.close());

  const detailOf = async (who: Member) => (await (await t.app.request(`/api/events/${eventId}`, { headers: asMember(who) })).json()) as Detail;

  it('tells a home whose usual draw is under the least cut that no use earns, and the other the most it can use', async () => {
    now = zonedTimeToUtc(eventDate, 12, 0, ZONE);
    // 12 × 0.004 = 0.048 kWh, under 0.05: nothing to aim for.
    const small = (await detailOf(under)).outlook!;
    expect(small).toMatchObject({ status: 'estimate', targetKwh: 0, minimumCutKwh: 0.05, belowMinimumCut: true });
    expect(small.baselineKwh).toBeCloseTo(0.048, 9);
    // 12 × 0.005 = 0.06 kWh: 10 % under it would be 0.054, but the cut must be 0.05, so 0.01 kWh or less.
    const enough = (await detailOf(over)).outlook!;
    expect(enough).toMatchObject({ status: 'estimate', targetKwh: 0.01, minimumCutKwh: 0.05 });
    expect(enough).not.toHaveProperty('belowMinimumCut');
  });

  it('settles a whole cut under the least cut at 0 points, one over it at the curve’s 200, and keeps the least cut for the explanation', async () => {
    // The event day: the usual draw until the start (the same-day window moves nothing), then nothing at all.
    for (const [m, kwh] of [[under, 0.004], [over, 0.005]] as const) {
      now = zonedTimeToUtc(eventDate, 20, 0, ZONE);
      expect(await (await ingestFor(m, daysOf([eventDate], (ms) => (ms >= startsAt.getTime() ? 0 : kwh)))).json()).toMatchObject({ rejected: [] });
    }
    now = new Date(endsAt.getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));
    const small = (await detailOf(under)).result!;
    expect(small).toMatchObject({ outcome: 'settled', reductionPercent: 100, targetMet: false, points: 0, minimumCutKwh: 0.05 });
    expect(small.reductionKwh).toBeCloseTo(0.048, 9);
    const enough = (await detailOf(over)).result!;
    expect(enough).toMatchObject({ outcome: 'settled', reductionPercent: 100, targetMet: true, points: 200, minimumCutKwh: 0.05 });
    expect(enough.reductionKwh).toBeCloseTo(0.06, 9);
  });
});
