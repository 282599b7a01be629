import { sql } from 'drizzle-orm';
import { REWARD_ITEM_STATUSES, REWARD_KINDS, REWARD_ORDER_STATUSES } from '@peakwise/domain/reward-rules';
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pointsTransfers } from './points.schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The rewards catalogue (decision 039), managed by operators. Stock never goes below zero (a
 * CHECK, whatever code writes it); only a charity donation may be unlimited (null stock). A
 * withdrawn item stays for the orders that point at it.
 */
export const rewardItems = pgTable(
  'reward_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: REWARD_KINDS }).notNull(),
    pointsCost: integer('points_cost').notNull(),
    stock: integer('stock'),
    status: text('status', { enum: REWARD_ITEM_STATUSES }).notNull().default('active'),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEs: text('name_es').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEs: text('description_es').notNull().default(''),
    /** The one free smart plug (decision 090): 0 points, unlimited, never in the Rewards catalogue. */
    freePlug: boolean('free_plug').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reward_items_points_cost', sql`case when ${t.freePlug} then ${t.pointsCost} = 0 and ${t.kind} = 'physical' else ${t.pointsCost} > 0 end`),
    check('reward_items_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('reward_items_unlimited_only_charity', sql`${t.stock} is not null or ${t.kind} = 'charity' or ${t.freePlug}`),
    uniqueIndex('reward_items_free_plug_idx').on(t.freePlug).where(sql`free_plug`),
    index('reward_items_status_idx').on(t.status, t.pointsCost),
  ],
);

/** An item's picture, stored and served by the app (never hot-linked). One per item. */
export const rewardItemImages = pgTable('reward_item_images', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => rewardItems.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  /** A hash of the bytes: the ETag, and the version in the image URL so it can be cached for good. */
  etag: text('etag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One order per redemption. It names exactly one ledger transfer (UNIQUE), and a deferred trigger
 * checks at commit that the transfer is the member's debit of `points`, so an order without its
 * debit, or with a debit of another amount, can never be committed. The free plug (decision 090)
 * is the one order with no transfer: 0 points, at most one per household.
 */
export const rewardOrders = pgTable(
  'reward_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id').notNull(),
    userId: text('user_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rewardItems.id),
    /** The item's kind when ordered, so the status CHECKs below do not depend on a later edit. */
    kind: text('kind', { enum: REWARD_KINDS }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    points: integer('points').notNull(),
    /** The client's Idempotency-Key: a retry with it answers this order again. */
    clientKey: text('client_key').notNull(),
    transferId: uuid('transfer_id')
      .unique()
      .references(() => pointsTransfers.id),
    status: text('status', { enum: REWARD_ORDER_STATUSES }).notNull(),
    shipName: text('ship_name'),
    shipLine1: text('ship_line1'),
    shipLine2: text('ship_line2'),
    shipCity: text('ship_city'),
    shipProvince: text('ship_province'),
    shipPostalCode: text('ship_postal_code'),
    freePlug: boolean('free_plug').notNull().default(false),
    carrier: text('carrier'),
    tracking: text('tracking'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reward_orders_client_key_idx').on(t.userId, t.clientKey),
    index('reward_orders_household_idx').on(t.householdId, t.createdAt),
    index('reward_orders_queue_idx').on(t.status, t.createdAt).where(sql`kind = 'physical'`),
    uniqueIndex('reward_orders_free_plug_idx').on(t.householdId).where(sql`free_plug`),
    check(
      'reward_orders_points',
      sql`case when ${t.freePlug} then ${t.points} = 0 and ${t.transferId} is null and ${t.kind} = 'physical' else ${t.points} > 0 and ${t.transferId} is not null end`,
    ),
    check('reward_orders_quantity', sql`${t.quantity} > 0`),
    check('reward_orders_address', sql`(${t.kind} = 'physical') = (${t.shipPostalCode} is not null)`),
    check('reward_orders_status', sql`case when ${t.kind} = 'physical' then ${t.status} in ('ordered', 'shipped', 'delivered') else ${t.status} = 'fulfilled' end`),
    check('reward_orders_tracking', sql`${t.status} not in ('shipped', 'delivered') or ${t.tracking} is not null`),
  ],
);

/** Gift-card and discount codes an operator uploads. A code goes to at most one order, for good. */
export const rewardCodes = pgTable(
  'reward_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rewardItems.id),
    code: text('code').notNull(),
    orderId: uuid('order_id')
      .unique()
      .references(() => rewardOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reward_codes_item_code_idx').on(t.itemId, t.code),
    // The claim's whole order (oldest first, then id): one upload gives all its codes the same
    // created_at, and with only (item, created_at) PostgreSQL sorted the item's every free code
    // on each redemption to find the first (decision 064).
    index('reward_codes_free_idx').on(t.itemId, t.createdAt, t.id).where(sql`order_id is null`),
  ],
);
