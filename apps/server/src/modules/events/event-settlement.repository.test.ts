import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test/test-database';
import { otherEventStartsByHousehold } from './event-settlement.repository';
import { insertEvent, setEventStatus, upsertProgram } from './events.repository';

/*
 * Which past events leave a household's baseline (docs/decisions/096-event-baseline-by-measurement.md):
 * the events it opted in to that became active, including one cancelled once it had started; not
 * one cancelled before its start, and not one it did not opt in to.
 */

const day = (n: number) => new Date(Date.UTC(2026, 9, n, 22));
const hourLater = (d: Date) => new Date(d.getTime() + 3_600_000);

describe('the past events a baseline leaves out', () => {
  let database: Database;
  const db = () => database.db;
  const ids: Record<string, string> = {};
  let home = '';
  let other = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    const programId = await upsertProgram(db(), { name: 'Ontario', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    const event = (starts: Date) => insertEvent(db(), { programId, startsAt: starts, endsAt: hourLater(starts), rewardPoints: 100, targetPercent: 10, createdBy: 'test' });
    ids.settling = await event(day(14));
    ids.settled = await event(day(5));
    ids.cancelledWhileActive = await event(day(6));
    ids.cancelledBefore = await event(day(7));
    ids.notOptedIn = await event(day(8));
    ids.optedOut = await event(day(9));
    await setEventStatus(db(), ids.settled, 'settled', day(6));
    await setEventStatus(db(), ids.cancelledWhileActive, 'active', day(6));
    await setEventStatus(db(), ids.cancelledWhileActive, 'cancelled', new Date(day(6).getTime() + 20 * 60_000));
    await setEventStatus(db(), ids.cancelledBefore, 'cancelled', new Date(day(7).getTime() - 3_600_000));
    await setEventStatus(db(), ids.notOptedIn, 'settled', day(9));
    await setEventStatus(db(), ids.optedOut, 'settled', day(10));
    [home, other] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into households (owner_user_id, name, province, time_zone) values ('a', 'A', 'ON', 'America/Toronto'), ('b', 'B', 'ON', 'America/Toronto') returning id`),
    ).map((r) => r.id) as [string, string];
    const join = (eventId: string, householdId: string, optedIn = true) =>
      db().execute(sql`insert into event_participations (event_id, household_id, opted_in, source) values (${eventId}::uuid, ${householdId}::uuid, ${optedIn}, 'member')`);
    for (const key of ['settling', 'settled', 'cancelledWhileActive', 'cancelledBefore']) await join(ids[key]!, home);
    await join(ids.optedOut!, home, false);
    await join(ids.notOptedIn!, other);
  }, 60_000);
  afterAll(() => database?.close());

  it('are the events the household opted in to that started, cancelled or not', async () => {
    const starts = await otherEventStartsByHousehold(db(), ids.settling!);
    expect([...starts.keys()]).toEqual([home]);
    expect([...starts.get(home)!].sort((a, b) => a - b)).toEqual([day(5).getTime(), day(6).getTime()]);
  });
});
