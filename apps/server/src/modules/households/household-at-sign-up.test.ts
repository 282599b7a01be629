import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember } from '../../test/test-session';

/** Every table's row count, so a test can say "nothing was written" without naming the tables. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const name of tables) counts[name] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`))[0]!.n;
  return counts;
}

describe('the household is made with the account (decision 051)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sign-up leaves one household with its five rooms and a tariff', async () => {
    const member = await createMember(t.app);
    const homes = rowsOf<{ id: string; province: string }>(await t.database.db.execute(sql`select id, province from households where owner_user_id = ${member.userId}`));
    expect(homes).toHaveLength(1);
    const [home] = homes;
    expect(home!.province).toBe('ON');
    const rooms = rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from rooms where household_id = ${home!.id}::uuid order by name`)).map((r) => r.name);
    expect(rooms).toEqual(['Bathroom', 'Bedroom', 'Kitchen', 'Living Room', 'Office']);
    const tariffs = rowsOf(await t.database.db.execute(sql`select 1 from household_tariffs where household_id = ${home!.id}::uuid`));
    expect(tariffs).toHaveLength(1);
    // The household route reads that one; it makes no second.
    const res = await t.app.request('/api/household', { headers: asMember(member) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(home!.id);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from households where owner_user_id = ${member.userId}`))).toHaveLength(1);
  });

  it('a refused first request writes no row anywhere', async () => {
    const member = await createMember(t.app);
    // The sign-up's confirmation email reaches the outbox after the answer: count once it is there.
    await t.accounts.mailer.settle();
    const before = await rowCounts(t);
    // The first request after sign-up passes the household middleware, then the ledger refuses it.
    const cashOut = await t.app.request('/api/cash-outs', { method: 'POST', headers: asMember(member), body: JSON.stringify({ points: 1_000, email: 'payee@example.com', idempotencyKey: randomUUID() }) });
    expect(cashOut.status).toBe(409);
    const redeem = await t.app.request('/api/rewards/orders', { method: 'POST', headers: asMember(member, { 'idempotency-key': `k-${randomUUID()}` }), body: JSON.stringify({ itemId: randomUUID(), quantity: 1 }) });
    expect(redeem.status).toBe(404);
    expect(await rowCounts(t)).toEqual(before);
  });
});
