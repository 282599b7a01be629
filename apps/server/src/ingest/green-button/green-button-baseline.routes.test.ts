import { greenButtonImportResultSchema } from '@peakwise/contracts/green-button.contract';
import { addDays, isWeekend, localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker } from '../../jobs/durable-worker';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { createLogger } from '../../lib/logger';
import { setOperator } from '../../modules/auth/user-role.repository';
import { upsertProgram } from '../../modules/events/events.repository';
import { ensureHouseholdForUser } from '../../modules/households/household.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { greenButtonFixture } from './green-button.test-helper';

/*
 * Issue 30: "an imported history counts for everything a metered history counts for", the event
 * baseline included. A home with no gateway imports its utility's hourly file covering the
 * baseline's look-back; the live scorecard (the same baseline settlement uses) is computed from
 * it, and the event's own readings come from a second file. Expected values are worked out by
 * hand from the files' values below.
 */

const ZONE = 'America/Toronto';
const HOUR = 3600;
/** Wh per hour in the file: a weekday's, and a weekend or holiday's (a baseline that took those would be far off). */
const WEEKDAY_WH = 1800;
const WEEKEND_WH = 6000;

/** A weekday three or more days ago that is not an Ontario holiday. */
function recentWeekday(): string {
  let date = addDays(localDateOf(new Date(), ZONE), -3);
  const holidays = new Set(provincialHolidayDates('ON', Number(date.slice(0, 4)) - 1, Number(date.slice(0, 4))));
  while (isWeekend(date) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

describe('an imported Green Button history is the event baseline', () => {
  let t: TestApp;
  let now = new Date();
  let member: Member;
  let eventId: string;
  /** The weekdays of the imported history, most recent first, as the file was written. */
  const weekdays: string[] = [];
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 19, 0, ZONE);

  const upload = async (xml: string) => {
    const res = await t.app.request('/api/green-button/import', { method: 'POST', headers: asMember(member, { 'content-type': 'application/xml' }), body: xml });
    expect(res.status, await res.clone().text()).toBe(200);
    return greenButtonImportResultSchema.parse(await res.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
    await ensureHouseholdForUser(t.database.db, member.userId);
    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    now = new Date(startsAt.getTime() - 6 * 3_600_000);
    const scheduled = await t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }) });
    expect(scheduled.status).toBe(201);
    eventId = ((await scheduled.json()) as { id: string }).id;
    expect((await t.app.request(`/api/events/${eventId}/participation`, { method: 'PUT', headers: asMember(member), body: JSON.stringify({ optedIn: true }) })).status).toBe(200);
  });
  afterAll(() => t.close());

  it('imports 30 days of hourly readings, and the scorecard’s baseline is the weekdays’ 1.8 kWh an hour; the event’s quarter hour comes from a second file', async () => {
    // 13:00 to 20:00 on each of the 30 days before the event (what the 45-day weekday look-back
    // needs for ten weekdays), and on the event day up to its start.
    const holidays = new Set(provincialHolidayDates('ON', Number(eventDate.slice(0, 4)) - 1, Number(eventDate.slice(0, 4))));
    const readings: [number, number, number][] = [];
    for (let back = 30; back >= 0; back--) {
      const day = addDays(eventDate, -back);
      const weekday = !(isWeekend(day) || holidays.has(day));
      if (weekday && back > 0) weekdays.unshift(day);
      const wh = weekday ? WEEKDAY_WH : WEEKEND_WH;
      for (let hour = 13; hour < (back === 0 ? 18 : 20); hour++) readings.push([zonedTimeToUtc(day, hour, 0, ZONE).getTime() / 1000, HOUR, wh]);
    }
    now = startsAt;
    const history = await upload(greenButtonFixture([{ readings }]));
    expect(history).toMatchObject({ readings: readings.length, refused: 0, outcomes: { stored: readings.length } });

    now = new Date(startsAt.getTime() + 17 * 60_000);
    // The event's first quarter hour as the utility writes it: one reading of 300 Wh.
    const during = await upload(greenButtonFixture([{ readings: [[startsAt.getTime() / 1000, 900, 300]] }]));
    expect(during).toMatchObject({ readings: 1, intervals: { accepted: 3 } });

    const res = await t.app.request(`/api/events/${eventId}/scorecard`, { headers: asMember(member) });
    expect(res.status, await res.clone().text()).toBe(200);
    const card = (await res.json()) as { intervals: unknown[]; intervalsIn: number; baselineKwh: number; actualKwh: number; savedKwh: number; reductionPercent: number; targetMet: boolean };
    // Each 5-minute slot's baseline: the weekdays' 1,800 Wh hour over 12 slots = 0.15 kWh (1.8 kW),
    // the event day's 14:00–17:00 matching it (factor 1). The quarter hour: 300 Wh over 3 slots =
    // 0.1 kWh each. 0.45 kWh of baseline against 0.3: 0.15 kWh saved, a third.
    expect(card).toMatchObject({ intervalsIn: 3, targetMet: true });
    expect(card.baselineKwh).toBeCloseTo(0.45, 9);
    expect(card.actualKwh).toBeCloseTo(0.3, 9);
    expect(card.savedKwh).toBeCloseTo(0.15, 9);
    expect(card.reductionPercent).toBeCloseTo(100 / 3, 6);
    expect(card.intervals.slice(0, 3)).toEqual([0, 1, 2].map((i) => ({ startsAt: new Date(startsAt.getTime() + i * 300_000).toISOString(), baselineKw: expect.closeTo(1.8, 9), actualKw: expect.closeTo(1.2, 9) })));
  });

  it('settles the event from imported files alone: the ten most recent imported weekdays, a 20 % cut, 150 points', async () => {
    // The rest of the hour, written after it ended: 1,140 Wh over three quarter hours, so the
    // hour is 300 + 1,140 = 1,440 Wh against a baseline of 12 × 0.15 = 1.8 kWh, 20 % less.
    now = new Date(endsAt.getTime() + 5 * 60_000);
    const rest = await upload(greenButtonFixture([{ readings: [1, 2, 3].map((q) => [startsAt.getTime() / 1000 + q * 900, 900, 380] as [number, number, number]) }]));
    expect(rest).toMatchObject({ readings: 3, intervals: { accepted: 9 } });

    const worker = startDurableWorker({ db: t.database.db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => now });
    now = new Date(endsAt.getTime() + 20 * 60_000);
    await worker.runDue();
    const detail = (await (await t.app.request(`/api/events/${eventId}`, { headers: asMember(member) })).json()) as { result: Record<string, unknown> & { baselineDays: string[] } };
    // A 20 % cut against a 10 % target: 100 × (1 + (20 − 10) / (2 × 10)) = 150 points.
    expect(detail.result).toMatchObject({ outcome: 'settled', adjustmentFactor: expect.closeTo(1, 9), points: 150, targetMet: true });
    expect(detail.result.baselineKwh).toBeCloseTo(1.8, 9);
    expect(detail.result.actualKwh).toBeCloseTo(1.44, 9);
    expect(detail.result.baselineDays).toEqual(weekdays.slice(0, 10));
    const points = (await (await t.app.request('/api/points', { headers: asMember(member) })).json()) as { balance: number };
    expect(points.balance).toBe(150);
  });
});
