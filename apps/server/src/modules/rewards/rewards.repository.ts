import { sql } from 'drizzle-orm';
import type { RewardItemStatus, RewardKind, RewardOrderStatus } from '@peakwise/domain/reward-rules';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The catalogue, its images and code pools, and orders (decision 039). All of the module's SQL. */

export type ItemRow = {
  id: string;
  kind: RewardKind;
  pointsCost: number;
  stock: number | null;
  status: RewardItemStatus;
  nameEn: string;
  nameFr: string;
  nameEs: string;
  descriptionEn: string;
  descriptionFr: string;
  descriptionEs: string;
  imageEtag: string | null;
};

export const itemColumns = sql`i.id, i.kind, i.points_cost as "pointsCost", i.stock, i.status,
  i.name_en as "nameEn", i.name_fr as "nameFr", i.name_es as "nameEs",
  i.description_en as "descriptionEn", i.description_fr as "descriptionFr", i.description_es as "descriptionEs",
  (select img.etag from reward_item_images img where img.item_id = i.id) as "imageEtag"`;

/** Active items, cheapest first: the member's catalogue (the free plug is ordered from the Dashboard, decision 090). */
export async function listActiveItems(db: DbOrTx): Promise<ItemRow[]> {
  return rowsOf<ItemRow>(await db.execute(sql`select ${itemColumns} from reward_items i where i.status = 'active' and not i.free_plug order by i.points_cost, i.name_en, i.id`));
}

export type OpsItemRow = ItemRow & { codesAvailable: number; orders: number };

/**
 * Every item, withdrawn ones too, with its free codes and orders: the operator's catalogue. Not
 * the free plug: a cost or stock given to it in the catalogue's form would not fit (decision 090).
 */
export async function listAllItems(db: DbOrTx): Promise<OpsItemRow[]> {
  return rowsOf<OpsItemRow>(
    await db.execute(sql`
      select ${itemColumns},
        (select count(*)::int from reward_codes c where c.item_id = i.id and c.order_id is null) as "codesAvailable",
        (select count(*)::int from reward_orders o where o.item_id = i.id) as orders
      from reward_items i where not i.free_plug order by i.status, i.points_cost, i.name_en, i.id`),
  );
}

export async function findItem(db: DbOrTx, id: string): Promise<ItemRow | null> {
  const [row] = rowsOf<ItemRow>(await db.execute(sql`select ${itemColumns} from reward_items i where i.id = ${id}::uuid`));
  return row ?? null;
}

/** The item row locked until the transaction ends: redemptions and stock changes of one item queue here. */
export async function lockItem(tx: DbOrTx, id: string): Promise<ItemRow | null> {
  const [row] = rowsOf<ItemRow>(await tx.execute(sql`select ${itemColumns} from reward_items i where i.id = ${id}::uuid for update of i`));
  return row ?? null;
}

/** Takes `quantity` from the stock (unlimited stays unlimited). The CHECK stock >= 0 is the guard. */
export async function takeStock(tx: DbOrTx, id: string, quantity: number): Promise<void> {
  await tx.execute(sql`update reward_items set stock = stock - ${quantity} where id = ${id}::uuid and stock is not null`);
}

export type NewItem = {
  kind: RewardKind;
  status: RewardItemStatus;
  pointsCost: number;
  stock: number | null;
  name: { en: string; fr: string; es: string };
  description: { en: string; fr: string; es: string };
};

export async function insertItem(db: DbOrTx, item: NewItem): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into reward_items (kind, status, points_cost, stock, name_en, name_fr, name_es, description_en, description_fr, description_es)
      values (${item.kind}, ${item.status}, ${item.pointsCost}, ${item.stock}, ${item.name.en}, ${item.name.fr}, ${item.name.es}, ${item.description.en}, ${item.description.fr}, ${item.description.es})
      returning id`),
  );
  return row!.id;
}

export type ItemChanges = Partial<{
  pointsCost: number;
  stock: number | null;
  status: RewardItemStatus;
  nameEn: string;
  nameFr: string;
  nameEs: string;
  descriptionEn: string;
  descriptionFr: string;
  descriptionEs: string;
}>;

const COLUMN: Record<keyof ItemChanges, string> = {
  pointsCost: 'points_cost',
  stock: 'stock',
  status: 'status',
  nameEn: 'name_en',
  nameFr: 'name_fr',
  nameEs: 'name_es',
  descriptionEn: 'description_en',
  descriptionFr: 'description_fr',
  descriptionEs: 'description_es',
};

export async function updateItem(tx: DbOrTx, id: string, changes: ItemChanges): Promise<void> {
  const sets = (Object.keys(changes) as (keyof ItemChanges)[]).filter((k) => changes[k] !== undefined).map((k) => sql`${sql.identifier(COLUMN[k])} = ${changes[k]}`);
  if (sets.length === 0) return;
  await tx.execute(sql`update reward_items set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}::uuid`);
}

export async function upsertImage(db: DbOrTx, itemId: string, contentType: string, bytes: Buffer, etag: string): Promise<void> {
  await db.execute(sql`
    insert into reward_item_images (item_id, content_type, bytes, etag) values (${itemId}::uuid, ${contentType}, ${bytes}, ${etag})
    on conflict (item_id) do update set content_type = excluded.content_type, bytes = excluded.bytes, etag = excluded.etag, updated_at = now()`);
}

export async function findImage(db: DbOrTx, itemId: string): Promise<{ contentType: string; bytes: Buffer; etag: string } | null> {
  const [row] = rowsOf<{ contentType: string; bytes: Buffer | Uint8Array; etag: string }>(
    await db.execute(sql`select content_type as "contentType", bytes, etag from reward_item_images where item_id = ${itemId}::uuid`),
  );
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.bytes), etag: row.etag } : null;
}

/** Codes of the list already in the item's pool. */
export async function existingCodes(tx: DbOrTx, itemId: string, codes: readonly string[]): Promise<string[]> {
  return rowsOf<{ code: string }>(await tx.execute(sql`select code from reward_codes where item_id = ${itemId}::uuid and code = any(${sql.param(codes)}::text[])`)).map((r) => r.code);
}

export async function insertCodes(tx: DbOrTx, itemId: string, codes: readonly string[]): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into reward_codes (item_id, code) select ${itemId}::uuid, c from unnest(${sql.param(codes)}::text[]) as c returning id`),
  );
  return rows.length;
}

export async function countFreeCodes(db: DbOrTx, itemId: string): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from reward_codes where item_id = ${itemId}::uuid and order_id is null`))[0]!.n;
}

/**
 * The oldest unused code, locked. SKIP LOCKED lets a redemption pass over a code another
 * transaction is handing out rather than wait for it (the item lock already queues redemptions
 * of one item; this keeps the pool safe for any other path).
 */
export async function claimFreeCode(tx: DbOrTx, itemId: string): Promise<{ id: string; code: string } | null> {
  const [row] = rowsOf<{ id: string; code: string }>(
    await tx.execute(sql`select id, code from reward_codes where item_id = ${itemId}::uuid and order_id is null order by created_at, id limit 1 for update skip locked`),
  );
  return row ?? null;
}

export async function assignCode(tx: DbOrTx, codeId: string, orderId: string): Promise<void> {
  await tx.execute(sql`update reward_codes set order_id = ${orderId}::uuid where id = ${codeId}::uuid and order_id is null`);
}

export type NewOrder = {
  id: string;
  householdId: string;
  userId: string;
  itemId: string;
  kind: RewardKind;
  quantity: number;
  points: number;
  clientKey: string;
  transferId: string;
  status: RewardOrderStatus;
  address: { name: string; line1: string; line2: string | null; city: string; province: string; postalCode: string } | null;
};

export async function insertOrder(tx: DbOrTx, o: NewOrder): Promise<void> {
  const a = o.address;
  await tx.execute(sql`
    insert into reward_orders (id, household_id, user_id, item_id, kind, quantity, points, client_key, transfer_id, status,
      ship_name, ship_line1, ship_line2, ship_city, ship_province, ship_postal_code)
    values (${o.id}::uuid, ${o.householdId}::uuid, ${o.userId}, ${o.itemId}::uuid, ${o.kind}, ${o.quantity}, ${o.points}, ${o.clientKey}, ${o.transferId}::uuid, ${o.status},
      ${a?.name ?? null}, ${a?.line1 ?? null}, ${a?.line2 ?? null}, ${a?.city ?? null}, ${a?.province ?? null}, ${a?.postalCode ?? null})`);
}

export type OrderRow = {
  id: string;
  householdId: string;
  userId: string;
  itemId: string;
  kind: RewardKind;
  quantity: number;
  points: number;
  status: RewardOrderStatus;
  nameEn: string;
  nameFr: string;
  nameEs: string;
  code: string | null;
  carrier: string | null;
  tracking: string | null;
  shipName: string | null;
  shipLine1: string | null;
  shipLine2: string | null;
  shipCity: string | null;
  shipProvince: string | null;
  shipPostalCode: string | null;
  createdAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  memberEmail: string | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const orderSelect = sql`
  select o.id, o.household_id as "householdId", o.user_id as "userId", o.item_id as "itemId", o.kind, o.quantity, o.points, o.status,
    i.name_en as "nameEn", i.name_fr as "nameFr", i.name_es as "nameEs", c.code, o.carrier, o.tracking,
    o.ship_name as "shipName", o.ship_line1 as "shipLine1", o.ship_line2 as "shipLine2", o.ship_city as "shipCity",
    o.ship_province as "shipProvince", o.ship_postal_code as "shipPostalCode",
    ${iso('o.created_at')} as "createdAt", ${iso('o.shipped_at')} as "shippedAt", ${iso('o.delivered_at')} as "deliveredAt",
    p.email as "memberEmail"
  from reward_orders o
  join reward_items i on i.id = o.item_id
  left join reward_codes c on c.order_id = o.id
  left join profiles p on p.id = o.user_id`;

/** The member's orders, newest first; the household is the only key, so nobody sees another's. */
export async function listHouseholdOrders(db: DbOrTx, householdId: string, limit: number): Promise<OrderRow[]> {
  return rowsOf<OrderRow>(await db.execute(sql`${orderSelect} where o.household_id = ${householdId}::uuid order by o.created_at desc, o.id desc limit ${limit}`));
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | null> {
  const [row] = rowsOf<OrderRow>(await db.execute(sql`${orderSelect} where o.id = ${id}::uuid`));
  return row ?? null;
}

export async function findOrderByKey(db: DbOrTx, userId: string, clientKey: string): Promise<OrderRow | null> {
  const [row] = rowsOf<OrderRow>(await db.execute(sql`${orderSelect} where o.user_id = ${userId} and o.client_key = ${clientKey}`));
  return row ?? null;
}

/** Physical orders for the fulfilment queue, oldest first (what waits longest ships first). */
export async function listPhysicalOrders(db: DbOrTx, status: RewardOrderStatus, limit: number): Promise<OrderRow[]> {
  return rowsOf<OrderRow>(await db.execute(sql`${orderSelect} where o.kind = 'physical' and o.status = ${status} order by o.created_at, o.id limit ${limit}`));
}

export async function lockOrder(tx: DbOrTx, id: string): Promise<{ id: string; userId: string; kind: RewardKind; status: RewardOrderStatus } | null> {
  const [row] = rowsOf<{ id: string; userId: string; kind: RewardKind; status: RewardOrderStatus }>(
    await tx.execute(sql`select id, user_id as "userId", kind, status from reward_orders where id = ${id}::uuid for update`),
  );
  return row ?? null;
}

export async function markShipped(tx: DbOrTx, id: string, tracking: string, carrier: string | null, at: Date): Promise<void> {
  await tx.execute(sql`update reward_orders set status = 'shipped', tracking = ${tracking}, carrier = ${carrier}, shipped_at = ${at.toISOString()}::timestamptz where id = ${id}::uuid`);
}

export async function markDelivered(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.execute(sql`update reward_orders set status = 'delivered', delivered_at = ${at.toISOString()}::timestamptz where id = ${id}::uuid`);
}

/** Who to email a code to, in which language. */
export async function memberContact(db: DbOrTx, userId: string): Promise<{ email: string; name: string; language: string } | null> {
  const [row] = rowsOf<{ email: string; name: string; language: string }>(await db.execute(sql`select email, name, language from profiles where id = ${userId} and deleted_at is null`));
  return row ?? null;
}

/** What the next-reward figure counts to: active items a member could order now. */
export async function redeemableCosts(db: DbOrTx): Promise<{ id: string; pointsCost: number; nameEn: string; nameFr: string; nameEs: string }[]> {
  return rowsOf(
    await db.execute(sql`select id, points_cost as "pointsCost", name_en as "nameEn", name_fr as "nameFr", name_es as "nameEs" from reward_items where status = 'active' and not free_plug and (stock is null or stock > 0)`),
  );
}
