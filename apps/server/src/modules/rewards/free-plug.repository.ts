import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The free smart plug's SQL (decision 090): its order is a reward order of the free-plug item. */

export type FreePlugOrderRow = {
  id: string;
  userId: string;
  clientKey: string;
  status: 'ordered' | 'shipped' | 'delivered';
  carrier: string | null;
  tracking: string | null;
  createdAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The household's free-plug order, as a JSON value for a wider statement (the first steps read it with the rest). */
export const freePlugOrderJson = (householdId: string) => sql`(
  select json_build_object('id', o.id, 'userId', o.user_id, 'clientKey', o.client_key, 'status', o.status, 'carrier', o.carrier, 'tracking', o.tracking,
    'createdAt', ${iso('o.created_at')}, 'shippedAt', ${iso('o.shipped_at')}, 'deliveredAt', ${iso('o.delivered_at')})
  from reward_orders o where o.household_id = ${householdId}::uuid and o.free_plug)`;

export async function findFreePlugOrder(db: DbOrTx, householdId: string): Promise<FreePlugOrderRow | null> {
  const [row] = rowsOf<{ o: FreePlugOrderRow | null }>(await db.execute(sql`select ${freePlugOrderJson(householdId)} as o`));
  return row?.o ?? null;
}

export type FreePlugInsert = {
  orderId: string;
  householdId: string;
  userId: string;
  clientKey: string;
  address: { name: string; line1: string; line2: string | null; city: string; province: string; postalCode: string };
};

/**
 * Writes the order when the free-plug item is on offer, in one statement. A household's second
 * free plug, and a key this member already used, meet a unique index and write nothing (`orderId`
 * null); a copy racing this one waits there for the first's commit. `available` false: the item
 * is withdrawn, so nothing was written.
 */
export async function insertFreePlugOrder(db: DbOrTx, w: FreePlugInsert): Promise<{ available: boolean; orderId: string | null }> {
  const a = w.address;
  const [row] = rowsOf<{ available: boolean; orderId: string | null }>(
    await db.execute(sql`
      with item as (select id from reward_items where free_plug and status = 'active'),
      ord as (
        insert into reward_orders (id, household_id, user_id, item_id, kind, quantity, points, client_key, transfer_id, status, free_plug,
          ship_name, ship_line1, ship_line2, ship_city, ship_province, ship_postal_code)
        select ${w.orderId}::uuid, ${w.householdId}::uuid, ${w.userId}, item.id, 'physical', 1, 0, ${w.clientKey}, null, 'ordered', true,
          ${a.name}, ${a.line1}, ${a.line2}, ${a.city}, ${a.province}, ${a.postalCode}
        from item
        on conflict do nothing
        returning id
      )
      select exists (select 1 from item) as available, (select id from ord) as "orderId"`),
  );
  return row!;
}

/** "I already have a plug", kept from the first time; refused (false) once the household has ordered one. */
export async function skipFreePlug(db: DbOrTx, householdId: string, now: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update households set free_plug_skipped_at = coalesce(free_plug_skipped_at, ${now.toISOString()}::timestamptz)
      where id = ${householdId}::uuid and not exists (select 1 from reward_orders o where o.household_id = ${householdId}::uuid and o.free_plug)
      returning id`),
  );
  return rows.length > 0;
}
