import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertEvent, upsertProgram } from '../events/events.repository';

/**
 * Hand-built event history for reward tests: an event of a program with its status, and each
 * household's part in it (opted in or not, and the outcome its settlement gave).
 */
export async function programIn(db: Db, name: string, provinces: string[]): Promise<string> {
  return upsertProgram(db, { name, provinces, fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
}

export async function pastEvent(
  db: Db,
  programId: string,
  startsAt: Date,
  status: 'settled' | 'ended' | 'cancelled',
  parts: { householdId: string; optedIn: boolean; outcome?: 'settled' | 'insufficient_data' | 'no_baseline' }[],
): Promise<string> {
  const id = await insertEvent(db, { programId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), rewardPoints: 100, targetPercent: 10, createdBy: 'test' });
  await db.execute(sql`update energy_events set status = ${status}, cancelled_at = ${status === 'cancelled' ? startsAt.toISOString() : null}::timestamptz where id = ${id}::uuid`);
  for (const p of parts) {
    await db.execute(sql`insert into event_participations (event_id, household_id, opted_in, source) values (${id}::uuid, ${p.householdId}::uuid, ${p.optedIn}, 'member')`);
    if (p.outcome) {
      await db.execute(sql`
        insert into event_results (event_id, household_id, version, outcome, points, settled_at)
        values (${id}::uuid, ${p.householdId}::uuid, 1, ${p.outcome}, 0, ${new Date(startsAt.getTime() + 7_200_000).toISOString()}::timestamptz)`);
    }
  }
  return id;
}

/** Settles an event late, with `householdId` opted in and measured. */
export async function settleEvent(db: Db, eventId: string, householdId: string): Promise<void> {
  await db.execute(sql`update energy_events set status = 'settled' where id = ${eventId}::uuid`);
  await db.execute(sql`insert into event_participations (event_id, household_id, opted_in, source) values (${eventId}::uuid, ${householdId}::uuid, true, 'member') on conflict do nothing`);
  await db.execute(sql`
    insert into event_results (event_id, household_id, version, outcome, points, settled_at) values (${eventId}::uuid, ${householdId}::uuid, 1, 'settled', 0, now())
    on conflict do nothing`);
}
