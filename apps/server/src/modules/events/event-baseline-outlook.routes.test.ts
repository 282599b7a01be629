import { addDays, isWeekend, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';
import { upsertProgram } from './events.repository';
import { recentWeekday, weekdaysBefore } from '../../test/ontario-weekdays';
import { gridOnlyReading } from '../../test/grid-only-readings';

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;


type Outlook = { status: string; days?: string[]; baselineKwh?: number; targetKwh?: number; needed?: number; daysLeft?: number; kind?: string };

describe('the baseline shown before an event and explained after (decision 098)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let steady: Member;
  let newcomer: Member;
  let eventId: string;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 19, 0, ZONE);
  const usual = weekdaysBefore(eventDate, 10);
  const reading = gridOnlyReading;
  let ingestFor: (member: Member, meter: unknown[]) => Response | Promise<Response>;

  /** 13:00–20:00 every 5 minutes of each day, `kwh(day)` per interval. */
  const daysOf = (days: string[], kwh: (day: string) => number) =>
    days.flatMap((day) => {
      const out: unknown[] = [];
      for (let ms = zonedTimeToUtc(day, 13, 0, ZONE).getTime(); ms < zonedTimeToUtc(day, 20, 0, ZONE).getTime(); ms += FIVE_MINUTES) out.push(reading(ms, kwh(day)));
      return out;
    });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    steady = await createMember(t.app);
    newcomer = await createMember(t.app);
    const credentials = new Map<string, string>();
    for (const m of [steady, newcomer]) {
      const household = await ensureHouseholdForUser(t.database.db, m.userId);
      credentials.set(m.userId, (await issueIngestCredential(t.database.db, household.id, null, 'test')).token);
    }
    ingestFor = (m, meter) =>
      t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credentials.get(m.userId)}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });

    now = zonedTimeToUtc(eventDate, 12, 0, ZONE);
    const scheduled = await t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }) });
    eventId = ((await scheduled.json()) as { id: string }).id;
    expect((await t.app.request(`/api/events/${eventId}/participation`, { method: 'PUT', headers: asMember(steady), body: JSON.stringify({ optedIn: true }) })).status).toBe(200);

    // The steady home: 0.2 kWh per 5 minutes on its ten most recent ordinary weekdays, 1.0 on
    // the thirty days before them and 5.0 on weekends, so a wrong day in the mean shows.
    const older: string[] = [];
    for (let back = 1; back <= 45; back++) {
      const day = addDays(eventDate, -back);
      if (!usual.includes(day)) older.push(day);
    }
    const steadyMeter = daysOf([...usual, ...older], (day) => (usual.includes(day) ? 0.2 : isWeekend(day) ? 5 : 1));
    expect(await (await ingestFor(steady, steadyMeter)).json()).toMatchObject({ rejected: [] });
    // The newcomer: two ordinary weekdays.
    expect(await (await ingestFor(newcomer, daysOf(usual.slice(0, 2), () => 0.2))).json()).toMatchObject({ rejected: [] });
  });
  afterAll(() => t.close());

  const detailOf = async (who: Member) => (await (await t.app.request(`/api/events/${eventId}`, { headers: asMember(who) })).json()) as { outlook: Outlook | null; result: Record<string, unknown> | null };

  it('shows a home with enough history its usual use in the window and the most it can use for the points', async () => {
    now = zonedTimeToUtc(eventDate, 12, 0, ZONE);
    const { outlook } = await detailOf(steady);
    // Ten days at 0.2 kWh in each of the event's 12 intervals: 2.4 kWh; 10 % under it is 2.16.
    expect(outlook).toMatchObject({ status: 'estimate', kind: 'weekday', days: usual, targetKwh: 2.16 });
    expect(outlook!.baselineKwh).toBeCloseTo(2.4, 9);
    expect(outlook).not.toHaveProperty('fromGrid');
    // The Dashboard's next event carries the same figures.
    const next = (await (await t.app.request('/api/events/next', { headers: asMember(steady) })).json()) as { event: { id: string }; outlook: Outlook };
    expect(next.event.id).toBe(eventId);
    expect(next.outlook).toEqual(outlook);
  });

  it('tells a home with too little history, before it opts in, how many days it has and needs', async () => {
    now = zonedTimeToUtc(eventDate, 12, 0, ZONE);
    const { outlook } = await detailOf(newcomer);
    // Two weekdays found, five needed; the event is today, so no weekday is left to add one.
    expect(outlook).toEqual({ status: 'insufficient_history', kind: 'weekday', days: usual.slice(0, 2), needed: 5, daysLeft: 0 });
    const next = (await (await t.app.request('/api/events/next', { headers: asMember(newcomer) })).json()) as { outlook: Outlook };
    expect(next.outlook).toEqual(outlook);
  });

  it('settles against the baseline it showed when nothing changed, and explains it from what settlement stored', async () => {
    now = zonedTimeToUtc(eventDate, 12, 0, ZONE);
    const shown = (await detailOf(steady)).outlook!;
    // The event day: 0.2 in the adjustment window (14:00–17:00, as usual: factor 1), 0.18 during the event.
    const today: unknown[] = [];
    for (let ms = zonedTimeToUtc(eventDate, 13, 0, ZONE).getTime(); ms < endsAt.getTime(); ms += FIVE_MINUTES) today.push(reading(ms, ms >= startsAt.getTime() ? 0.18 : 0.2));
    now = zonedTimeToUtc(eventDate, 20, 0, ZONE);
    expect(await (await ingestFor(steady, today)).json()).toMatchObject({ rejected: [] });
    expect((await detailOf(steady)).outlook).toBeNull();

    now = new Date(endsAt.getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));
    const { result, outlook } = await detailOf(steady);
    expect(outlook).toBeNull();
    // 12 × 0.18 = 2.16 kWh against 2.4: exactly the 10 % target, 100 points.
    expect(result).toMatchObject({
      outcome: 'settled',
      baselineDays: shown.days,
      dayKind: 'weekday',
      adjustmentFactor: 1,
      adjustmentUnclamped: 1,
      adjustmentStatus: 'applied',
      missingIntervals: 0,
      targetMet: true,
      points: 100,
    });
    expect(result!.baselineKwh).toBeCloseTo(shown.baselineKwh!, 9);
    expect(result!.actualKwh).toBeCloseTo(shown.targetKwh!, 9);
    // The newcomer never opted in: no result, and no baseline shown any more.
    expect(await detailOf(newcomer)).toMatchObject({ result: null, outlook: null });
  });
});
