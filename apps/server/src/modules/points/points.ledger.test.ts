import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test/test-database';
import { EVENT_ISSUANCE, houseAccountId, insertTransfer, memberAccountId, memberActivity, memberPoints } from './points.repository';
import { payEventPoints } from './points.service';

describe('points ledger (database-enforced rules)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const db = () => database.db;
  const sumOfAllEntries = async () => Number(rowsOf<{ s: number | null }>(await db().execute(sql`select coalesce(sum(amount), 0)::int as s from points_entries`))[0]!.s);
  const rawBalance = async (account: string) => Number(rowsOf<{ b: number }>(await db().execute(sql`select balance as b from points_accounts where id = ${account}::uuid`))[0]!.b);

  it('an event reward is paid once per key, however often it is asked for', async () => {
    const household = randomUUID();
    const key = `event:e1:household:${household}:v1`;
    const paid = await Promise.all([1, 2, 3].map(() => db().transaction((tx) => payEventPoints(tx, household, 150, key, 'event_reward', { eventId: 'e1' }))));
    expect(paid.filter(Boolean)).toHaveLength(1);
    expect(await memberPoints(db(), household)).toEqual({ balance: 150, lifetimeEarned: 150 });
    const activity = await memberActivity(db(), household, { limit: 10 });
    expect(activity.map((a) => [a.kind, a.amount, a.detail])).toEqual([['event_reward', 150, { eventId: 'e1' }]]);
    expect(await sumOfAllEntries()).toBe(0);
  });

  it('a member balance never goes below zero, even for SQL that skips the service', async () => {
    const household = randomUUID();
    await db().transaction((tx) => payEventPoints(tx, household, 100, `k-${household}`, 'event_reward', {}));
    const member = await memberAccountId(db(), household);
    const redemptions = await houseAccountId(db(), { kind: 'redemptions', name: 'marketplace' });
    await expect(
      db().transaction((tx) => insertTransfer(tx, `spend-${household}`, 'redemption', {}, [{ accountId: member, amount: -101 }, { accountId: redemptions, amount: 101 }])),
    ).rejects.toThrow();
    expect(await memberPoints(db(), household)).toEqual({ balance: 100, lifetimeEarned: 100 });
    // The exact amount is fine.
    await db().transaction((tx) => insertTransfer(tx, `spend-all-${household}`, 'redemption', {}, [{ accountId: member, amount: -100 }, { accountId: redemptions, amount: 100 }]));
    expect((await memberPoints(db(), household)).balance).toBe(0);
    // The service names the refusal.
    await expect(db().transaction((tx) => payEventPoints(tx, household, -1, `claw-${household}`, 'event_adjustment', {}))).rejects.toMatchObject({ status: 409, code: 'insufficient_points' });
  });

  it('a transfer that does not balance is refused at commit, and nothing of it stays', async () => {
    const household = randomUUID();
    const member = await memberAccountId(db(), household);
    await expect(db().transaction((tx) => insertTransfer(tx, `free-${household}`, 'event_reward', {}, [{ accountId: member, amount: 500 }]))).rejects.toThrow();
    expect(await memberPoints(db(), household)).toEqual({ balance: 0, lifetimeEarned: 0 });
    expect(rowsOf(await db().execute(sql`select 1 from points_transfers where idempotency_key = ${`free-${household}`}`))).toHaveLength(0);
  });

  it('entries are append-only and a balance moves only through them', async () => {
    const household = randomUUID();
    await db().transaction((tx) => payEventPoints(tx, household, 40, `ao-${household}`, 'event_reward', {}));
    const member = await memberAccountId(db(), household);
    await expect(db().execute(sql`update points_entries set amount = 4000 where account_id = ${member}::uuid`)).rejects.toThrow();
    await expect(db().execute(sql`delete from points_entries where account_id = ${member}::uuid`)).rejects.toThrow();
    await expect(db().execute(sql`update points_accounts set balance = 1000000 where id = ${member}::uuid`)).rejects.toThrow();
    expect(await rawBalance(member)).toBe(40);
  });

  it('balances equal the sum of their entries, and all accounts together sum to zero', async () => {
    const issuance = await houseAccountId(db(), EVENT_ISSUANCE);
    const rows = rowsOf<{ id: string; balance: number; total: number }>(
      await db().execute(sql`select a.id, a.balance, coalesce((select sum(amount) from points_entries e where e.account_id = a.id), 0)::int as total from points_accounts a`),
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.balance, row.id).toBe(row.total);
    expect(rows.reduce((s, r) => s + r.balance, 0)).toBe(0);
    expect(await rawBalance(issuance)).toBeLessThan(0);
  });

  it('two concurrent spends of the same points: one succeeds, the other is refused (parallel connections on PostgreSQL)', async () => {
    const household = randomUUID();
    await db().transaction((tx) => payEventPoints(tx, household, 1000, `race-${household}`, 'event_reward', {}));
    const member = await memberAccountId(db(), household);
    const redemptions = await houseAccountId(db(), { kind: 'redemptions', name: 'marketplace' });
    const spend = (n: number) =>
      db().transaction((tx) => insertTransfer(tx, `race-spend-${household}-${n}`, 'redemption', {}, [{ accountId: member, amount: -700 }, { accountId: redemptions, amount: 700 }]));
    const outcomes = await Promise.allSettled([spend(1), spend(2), spend(3), spend(4)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((await memberPoints(db(), household)).balance).toBe(300);
  });
});
