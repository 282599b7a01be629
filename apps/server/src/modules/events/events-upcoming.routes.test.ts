import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { insertEvent, setEventStatus, setParticipation, upsertProgram } from './events.repository';

const HOUR = 3_600_000;

describe('GET /api/events/upcoming', () => {
  let t: TestApp;
  const now = new Date('2026-03-10T15:00:00.000Z');
  let member: Member;
  let ontario: string;
  let quebec: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    member = await createMember(t.app);
    // The household is made on the first visit: Ontario without a postal code.
    expect((await t.app.request('/api/household', { headers: asMember(member) })).status).toBe(200);
    ontario = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    quebec = await upsertProgram(t.database.db, { name: 'Quebec Winter Peaks', provinces: ['QC'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  });
  afterAll(() => t.close());

  const add = (programId: string, startsInHours: number, rewardPoints = 100) =>
    insertEvent(t.database.db, {
      programId,
      startsAt: new Date(now.getTime() + startsInHours * HOUR),
      endsAt: new Date(now.getTime() + (startsInHours + 1) * HOUR),
      rewardPoints,
      targetPercent: 10,
      createdBy: 'test',
    });

  it('answers 401 without a session', async () => {
    expect((await t.app.request('/api/events/upcoming')).status).toBe(401);
  });

  it('lists the running and scheduled events of the member’s area, soonest first, at most five, with reward and opt-in', async () => {
    const ended = await add(ontario, -3);
    const cancelled = await add(ontario, 2);
    await setEventStatus(t.database.db, cancelled, 'cancelled', now);
    await add(quebec, 4);
    const running = await add(ontario, -0.5, 150);
    await setEventStatus(t.database.db, running, 'active', now);
    const later = await add(ontario, 48, 300);
    const tomorrow = await add(ontario, 24, 200);
    await setParticipation(t.database.db, tomorrow, (await householdId()), true, now);
    const beyond = [await add(ontario, 72), await add(ontario, 96), await add(ontario, 120)];

    const res = await t.app.request('/api/events/upcoming', { headers: asMember(member) });
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: { id: string; rewardPoints: number; optedIn: boolean; status: string; canChange: boolean }[] };
    // Five soonest of the six ahead; the ended, the cancelled and Quebec's are not the member's.
    expect(events.map((e) => e.id)).toEqual([running, tomorrow, later, beyond[0], beyond[1]]);
    expect(events.map((e) => e.id)).not.toContain(ended);
    expect(events[0]).toMatchObject({ status: 'active', rewardPoints: 150, optedIn: false, canChange: false });
    expect(events[1]).toMatchObject({ status: 'scheduled', rewardPoints: 200, optedIn: true, canChange: true });
    expect(events[2]).toMatchObject({ rewardPoints: 300, optedIn: false });

    // A home with no readings yet is told, per event still ahead, what it lacks (decision 098).
    // Now is Tuesday 10 March, 11:00 in Toronto: before Wednesday's event one weekday is left
    // (today); Wednesday is then an event day of the home (it opted in), which never counts, so
    // one is left before Thursday's too and two before Friday's. Saturday's needs 3 weekend
    // days, and none comes before it: with no complete day of any kind yet and no solar, it is
    // told it will be scored on the day against similar homes (decision 144). The running event
    // has none: its scorecard says it.
    const { outlooks } = (await (await t.app.request('/api/events/upcoming', { headers: asMember(member) })).json()) as { outlooks: Record<string, unknown> };
    const none = (kind: string, needed: number, daysLeft: number) => ({ status: 'insufficient_history', kind, days: [], needed, daysLeft });
    expect(outlooks).toEqual({
      [tomorrow]: none('weekday', 5, 1),
      [later]: none('weekday', 5, 1),
      [beyond[0]!]: none('weekday', 5, 2),
      [beyond[1]!]: { ...none('weekend-or-holiday', 3, 0), byEventDay: true },
    });
  });

  async function householdId(): Promise<string> {
    const res = await t.app.request('/api/household', { headers: asMember(member) });
    return ((await res.json()) as { id: string }).id;
  }
});
