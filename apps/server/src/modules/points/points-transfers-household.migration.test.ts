import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test/test-database';
import { upsertProgram } from '../events/events.repository';
import { EVENT_ISSUANCE, houseAccountId, insertTransfer, insertTransfers, memberAccountIds } from './points.repository';

/*
 * Migration 0083 (decision 149) on a ledger written before it: each event payment gets the
 * household of the member its entries credit, read here from the raw entries and accounts; a
 * payment for no event keeps none; and the constraint refuses an event payment without one.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

/** The constraint a statement was refused by, read down the driver's chain of causes. */
async function refusedBy(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const { constraint, message } = e as { constraint?: string; message?: string };
      const named = constraint ?? /constraint "([^"]+)"/.exec(message ?? '')?.[1];
      if (named) return named;
    }
  }
  return undefined;
}

it('migration 0083 names the household of every event payment made before it, and then refuses one without', async () => {
  const db = database.db;
  const programId = await upsertProgram(db, { name: 'Migration test', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  const [event] = await q<{ id: string }>(sql`
    insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by)
    values (${programId}::uuid, '2025-11-12T23:00:00Z', '2025-11-13T00:00:00Z', 100, 10, 'completed', 'test') returning id`);
  const eventId = event!.id;
  const [first, second] = [randomUUID(), randomUUID()];
  await db.transaction(async (tx) => {
    const members = await memberAccountIds(tx, [first, second]);
    const issuance = await houseAccountId(tx, EVENT_ISSUANCE);
    const pay = (householdId: string, points: number, key: string) => ({
      key,
      kind: 'event_reward' as const,
      detail: { eventId },
      eventId,
      householdId,
      postings: [
        { accountId: issuance, amount: -points },
        { accountId: members.get(householdId)!, amount: points },
      ],
    });
    await insertTransfers(tx, [pay(first, 120, `m83:${first}`), pay(second, 80, `m83:${second}`)]);
    // A payment for no event, as a prize or an adjustment is.
    await insertTransfer(tx, `m83:${first}:prize`, 'prize', {}, [
      { accountId: issuance, amount: -5 },
      { accountId: members.get(first)!, amount: 5 },
    ]);
  });

  // The table as it was before 0083.
  await db.execute(sql`alter table points_transfers drop constraint points_transfers_event_household`);
  await db.execute(sql`drop index points_transfers_event_household_idx`);
  await db.execute(sql`alter table points_transfers drop column household_id`);
  await db.execute(sql`create index points_transfers_event_idx on points_transfers (event_id) where event_id is not null`);

  const migration = readFileSync(join(MIGRATIONS_DIR, '0083_points_transfers_household.sql'), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

  const named = await q<{ key: string; household: string | null; credited: string | null }>(sql`
    select t.idempotency_key as key, t.household_id::text as household,
      (select a.household_id::text from points_entries e join points_accounts a on a.id = e.account_id and a.kind = 'member' where e.transfer_id = t.id) as credited
    from points_transfers t where t.idempotency_key like 'm83:%' order by t.idempotency_key`);
  expect(named).toEqual(
    [
      { key: `m83:${first}`, household: first, credited: first },
      { key: `m83:${first}:prize`, household: null, credited: first },
      { key: `m83:${second}`, household: second, credited: second },
    ].sort((a, b) => (a.key < b.key ? -1 : 1)),
  );
  expect(await q(sql`select indexname from pg_indexes where tablename = 'points_transfers' and indexname like 'points_transfers_event%' order by 1`)).toEqual([
    { indexname: 'points_transfers_event_household_idx' },
  ]);
  expect(await refusedBy(db.execute(sql`insert into points_transfers (idempotency_key, kind, event_id) values (${`m83:${randomUUID()}`}, 'event_reward', ${eventId}::uuid)`))).toBe(
    'points_transfers_event_household',
  );
  expect(await refusedBy(db.execute(sql`insert into points_transfers (idempotency_key, kind, household_id) values (${`m83:${randomUUID()}`}, 'prize', ${first}::uuid)`))).toBe(
    'points_transfers_event_household',
  );
});
