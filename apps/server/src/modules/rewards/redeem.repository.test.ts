import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ledgerViolations } from '../../test/ledger-invariants';
import { createTestDatabase } from '../../test/test-database';
import { houseAccountId, marketplaceRedemptions } from '../points/points.repository';
import { payEventPoints } from '../points/points.service';
import { openRedemption, writeRedemption, type RedemptionWrite } from './redeem.repository';
import { createItem, editItem, uploadCodes } from './rewards-catalogue.service';

/**
 * The write statement commits on its own (decision 064), so each way it can decline must leave
 * every table as it was: nothing taken from stock, no transfer, entry, order or code given.
 */
describe('a redemption write declines without writing anything', () => {
  let database: Database;
  const userId = `write-${randomUUID()}`;
  const householdId = randomUUID();
  const name = (en: string) => ({ en, fr: en, es: en });

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.transaction((tx) => payEventPoints(tx, householdId, 1_000, `write:${householdId}:seed`, 'event_reward', {}));
  });
  afterAll(() => database.close());

  const state = async (itemId: string) =>
    rowsOf<Record<string, number | null>>(
      await database.db.execute(sql`
        select (select stock from reward_items where id = ${itemId}::uuid) as stock,
          (select count(*)::int from points_transfers) as transfers, (select count(*)::int from points_entries) as entries,
          (select count(*)::int from reward_orders) as orders, (select count(*)::int from reward_codes where order_id is not null) as "givenCodes",
          (select balance from points_accounts where kind = 'member' and household_id = ${householdId}::uuid) as balance`),
    )[0]!;

  /** What the service would write for this item after its checks passed, under a new key unless given. */
  const writeFor = async (itemId: string, kind: 'physical' | 'gift_card' | 'charity', points: number, ledgerKey = `redemption:${userId}:${randomUUID()}`): Promise<RedemptionWrite> => {
    const context = await openRedemption(database.db, { userId, householdId }, itemId, randomUUID());
    return {
      orderId: randomUUID(),
      householdId,
      userId,
      item: { id: itemId, kind },
      quantity: 1,
      points,
      takesCode: kind === 'gift_card',
      clientKey: randomUUID(),
      ledgerKey,
      memberAccountId: context.memberAccount!.id,
      marketplaceAccountId: context.marketplaceAccountId ?? (await houseAccountId(database.db, marketplaceRedemptions(householdId))),
      status: kind === 'physical' ? 'ordered' : 'fulfilled',
      address: kind === 'physical' ? { name: 'Test', line1: '1 Front St W', line2: null, city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } : null,
    };
  };

  it('an item withdrawn after the checks read it: inactive, and nothing written', async () => {
    const itemId = await createItem(database.db, { kind: 'physical', pointsCost: 100, stock: 5, name: name('Thermostat') });
    const write = await writeFor(itemId, 'physical', 100);
    await editItem(database.db, itemId, { status: 'withdrawn' });
    const before = await state(itemId);
    expect(await writeRedemption(database.db, write)).toEqual({ active: false, covered: false, transferId: null, code: null, createdAt: null });
    expect(await state(itemId)).toEqual(before);
    expect(before.stock).toBe(5);
  });

  it('a ledger key already used: no second transfer, and the stock is taken once', async () => {
    const itemId = await createItem(database.db, { kind: 'physical', pointsCost: 100, stock: 5, name: name('Power bar') });
    const key = `redemption:${userId}:${randomUUID()}`;
    const first = await writeRedemption(database.db, await writeFor(itemId, 'physical', 100, key));
    expect(first.transferId).not.toBeNull();
    const before = await state(itemId);
    expect(before.stock).toBe(4);
    const second = await writeRedemption(database.db, await writeFor(itemId, 'physical', 100, key));
    expect(second).toMatchObject({ active: true, covered: true, transferId: null, createdAt: null });
    expect(await state(itemId)).toEqual(before);
  });

  it('a code item with no free code: no transfer, no order, the stock untouched', async () => {
    const itemId = await createItem(database.db, { kind: 'gift_card', pointsCost: 100, name: name('Gift card') });
    await uploadCodes(database.db, itemId, 'ONLY-CODE-0001');
    await editItem(database.db, itemId, { status: 'active' });
    expect((await writeRedemption(database.db, await writeFor(itemId, 'gift_card', 100))).code).toBe('ONLY-CODE-0001');
    // One more in stock than in the pool: a decrement not tied to the transfer would show here
    // instead of failing the stock CHECK.
    await database.db.execute(sql`update reward_items set stock = 1 where id = ${itemId}::uuid`);
    const before = await state(itemId);
    expect(await writeRedemption(database.db, await writeFor(itemId, 'gift_card', 100))).toEqual({ active: true, covered: true, transferId: null, code: null, createdAt: null });
    expect(await state(itemId)).toEqual(before);
  });

  it('a balance that no longer covers it, once locked: not covered, and nothing written', async () => {
    const itemId = await createItem(database.db, { kind: 'physical', pointsCost: 100, stock: 5, name: name('Smart plug') });
    const before = await state(itemId);
    const write = await writeFor(itemId, 'physical', before.balance! + 1);
    expect(await writeRedemption(database.db, write)).toEqual({ active: true, covered: false, transferId: null, code: null, createdAt: null });
    expect(await state(itemId)).toEqual(before);
    expect(await ledgerViolations(database.db)).toEqual([]);
  });
});
