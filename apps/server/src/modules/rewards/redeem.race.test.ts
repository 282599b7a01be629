import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { schema, type Database, type Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/errors';
import { ledgerViolations } from '../../test/ledger-invariants';
import { createTestDatabase } from '../../test/test-database';
import { payEventPoints } from '../points/points.service';
import { redeem, type RedeemInput } from './redeem.service';
import { createItem, editItem, uploadCodes } from './rewards-catalogue.service';

/**
 * Redemptions racing each other (decision 039). On PostgreSQL every attempt of a wave runs on
 * its own connection of a 50-connection pool, all at once; PGlite has one connection, so there
 * the same waves run interleaved on it, in fewer rounds.
 */
const WAVE = 50;
const ADDRESS = { name: 'Race Tester', line1: '1 Front St W', city: 'Toronto', province: 'ON' as const, postalCode: 'M5V 3L9' };
const name = (en: string) => ({ en, fr: en, es: en });

describe('redemptions under concurrency', () => {
  let database: Database;
  let parallel: Db;
  let pool: pg.Pool | null = null;
  const rounds = () => (database.kind === 'postgres' ? 100 : 3);

  beforeAll(async () => {
    database = await createTestDatabase();
    parallel = database.db;
    if (database.kind === 'postgres') {
      const [{ current }] = rowsOf<{ current: string }>(await database.db.execute(sql`select current_database() as current`)) as [{ current: string }];
      const url = new URL(inject('testDatabaseUrl'));
      url.pathname = `/${current}`;
      pool = new pg.Pool({ connectionString: url.toString(), max: WAVE });
      pool.on('error', () => {});
      parallel = drizzle({ client: pool, schema });
      // Open every connection before the first wave, so the waves measure the race, not connecting.
      const clients = await Promise.all(Array.from({ length: WAVE }, () => pool!.connect()));
      for (const client of clients) client.release();
    }
  });
  afterAll(async () => {
    await pool?.end();
    await database.close();
  });
  afterEach(async () => expect(await ledgerViolations(database.db)).toEqual([]));

  const credit = (household: string, points: number, key: string) => database.db.transaction((tx) => payEventPoints(tx, household, points, key, 'event_reward', {}));
  const attempt = (userId: string, householdId: string, key: string, input: RedeemInput) => redeem({ db: parallel, publicUrl: 'http://localhost' }, { userId, householdId }, key, input);
  const refusals = (outcomes: PromiseSettledResult<unknown>[]) =>
    outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason instanceof AppError ? `${o.reason.status} ${o.reason.code}` : String(o.reason)] : []));
  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await database.db.execute(query))[0]!.n;

  it(`${WAVE} redemptions at once, the balance covering one: exactly one succeeds, every round`, async () => {
    const itemId = await createItem(database.db, { kind: 'charity', pointsCost: 100, stock: null, name: name('Donation') });
    const userId = `race-${randomUUID()}`;
    const household = randomUUID();
    for (let round = 0; round < rounds(); round += 1) {
      await credit(household, 100, `race:${household}:round:${round}`);
      const outcomes = await Promise.allSettled(Array.from({ length: WAVE }, (_, i) => attempt(userId, household, `round-${round}-try-${i}`, { itemId, quantity: 1 })));
      const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
      expect(succeeded, `round ${round}`).toHaveLength(1);
      expect(new Set(refusals(outcomes)), `round ${round}`).toEqual(new Set(['409 insufficient_points']));
      expect(await count(sql`select balance as n from points_accounts where kind = 'member' and household_id = ${household}::uuid`), `round ${round}`).toBe(0);
    }
    expect(await count(sql`select count(*)::int as n from reward_orders where household_id = ${household}::uuid`)).toBe(rounds());
    // 5,000 attempts: about half a minute on a busy 2-core host.
  }, 120_000);

  it(`${WAVE} redemptions of ${WAVE} different items at once, the balance covering one: the ledger's CHECK lets one through`, async () => {
    // Different items take different locks, so every attempt passes the early balance check; the
    // member's account, locked in the write (decision 064), with its CHECK (decision 033) behind
    // it, is what refuses the others.
    const itemIds = await Promise.all(Array.from({ length: WAVE }, (_, i) => createItem(database.db, { kind: 'charity', pointsCost: 100, stock: null, name: name(`Cause ${i}`) })));
    const userId = `race-${randomUUID()}`;
    const household = randomUUID();
    for (let round = 0; round < Math.ceil(rounds() / 10); round += 1) {
      await credit(household, 100, `race:${household}:spread:${round}`);
      const outcomes = await Promise.allSettled(itemIds.map((itemId, i) => attempt(userId, household, `spread-${round}-${i}`, { itemId, quantity: 1 })));
      expect(outcomes.filter((o) => o.status === 'fulfilled'), `round ${round}`).toHaveLength(1);
      expect(new Set(refusals(outcomes)), `round ${round}`).toEqual(new Set(['409 insufficient_points']));
    }
  }, 60_000);

  it(`${WAVE} members at once for the last unit in stock: exactly one gets it`, async () => {
    const thermostat = await createItem(database.db, { kind: 'physical', pointsCost: 2500, stock: 1, name: name('Smart thermostat') });
    const giftCard = await createItem(database.db, { kind: 'gift_card', pointsCost: 1000, name: name('$10 gift card') });
    await uploadCodes(database.db, giftCard, 'LAST-CODE-0001');
    await editItem(database.db, giftCard, { status: 'active' });
    const members = Array.from({ length: WAVE }, () => ({ userId: `race-${randomUUID()}`, household: randomUUID() }));
    for (const m of members) await credit(m.household, 5000, `race:${m.household}:seed`);

    for (const input of [{ itemId: thermostat, quantity: 1, shippingAddress: ADDRESS }, { itemId: giftCard, quantity: 1 }]) {
      const outcomes = await Promise.allSettled(members.map((m) => attempt(m.userId, m.household, `last-${input.itemId}`, input)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(new Set(refusals(outcomes))).toEqual(new Set(['409 out_of_stock']));
      expect(await count(sql`select stock as n from reward_items where id = ${input.itemId}::uuid`)).toBe(0);
      expect(await count(sql`select count(*)::int as n from reward_orders where item_id = ${input.itemId}::uuid`)).toBe(1);
    }
    // Exactly the two winners paid: 50 × 5,000 in, 2,500 + 1,000 out.
    expect(await count(sql`select sum(balance)::int as n from points_accounts where kind = 'member'`)).toBe(WAVE * 5000 - 3500);
  });

  it('the same Idempotency-Key 20 times at once: one debit, one order, every answer that order', async () => {
    const itemId = await createItem(database.db, { kind: 'charity', pointsCost: 300, stock: null, name: name('Tree planting') });
    const userId = `race-${randomUUID()}`;
    const household = randomUUID();
    await credit(household, 1000, `race:${household}:seed`);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => attempt(userId, household, 'one-click-many-tabs', { itemId, quantity: 1 })));
    expect(refusals(outcomes)).toEqual([]);
    const answers = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null));
    expect(new Set(answers.map((a) => a?.order.id)).size).toBe(1);
    expect(answers.filter((a) => a?.created)).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from points_transfers where kind = 'redemption' and idempotency_key like ${`redemption:${userId}:%`}`)).toBe(1);
    expect(await count(sql`select balance as n from points_accounts where kind = 'member' and household_id = ${household}::uuid`)).toBe(700);
  });
});
