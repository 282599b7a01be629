import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createTestDatabase } from '../test/test-database';
import { ensureDemoCatalogue } from './demo-rewards';

describe('the demo catalogue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  const items = async () =>
    rowsOf<{ kind: string; cost: number; stock: number | null; image: string | null; free: number; status: string }>(
      await database.db.execute(sql`
        select i.kind, i.points_cost as cost, i.stock, i.status, img.content_type as image,
          (select count(*)::int from reward_codes c where c.item_id = i.id and c.order_id is null) as free
        from reward_items i left join reward_item_images img on img.item_id = i.id where not i.free_plug order by i.points_cost, i.kind`),
    );

  it('is made once, with images and full code pools, and later starts only refill the pools', async () => {
    await ensureDemoCatalogue(database.db);
    const first = await items();
    expect(first.map((i) => [i.kind, i.cost, i.stock, i.image, i.free])).toEqual([
      ['charity', 500, null, 'image/svg+xml', 0],
      ['discount_code', 500, 50, 'image/svg+xml', 50],
      ['gift_card', 1000, 50, 'image/svg+xml', 50],
      ['physical', 1500, 25, 'image/svg+xml', 0],
      ['physical', 2500, 10, 'image/svg+xml', 0],
      ['gift_card', 3000, 50, 'image/svg+xml', 50],
    ]);
    // Code items go live once their pools are full.
    expect(first.map((i) => i.status)).toEqual(Array(6).fill('active'));
    // An operator's change survives the next start.
    await database.db.execute(sql`update reward_items set stock = 3 where points_cost = 2500`);
    await database.db.execute(sql`delete from reward_codes where id in (select id from reward_codes where code like 'DEMO10-%' limit 20)`);
    await database.db.execute(sql`update reward_items set stock = 30 where points_cost = 1000`);
    await ensureDemoCatalogue(database.db);
    const second = await items();
    expect(second).toHaveLength(6);
    expect(second.find((i) => i.cost === 2500)!.stock).toBe(3);
    expect(second.find((i) => i.cost === 1000)).toMatchObject({ stock: 50, free: 50 });
  });
});
