import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A member's home: where readings belong, and whose time zone draws their day boundaries.
 * owner_user_id is the auth `user.id` (text). It is indexed and unique — one household per member
 * for now — but carries no foreign key: the auth tables belong to the accounts module.
 */
export const households = pgTable('households', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: text('owner_user_id').notNull().unique(),
  name: text('name').notNull(),
  postalCode: text('postal_code'),
  province: text('province').notNull(),
  /** IANA zone; local days (daily rollups, bills, events) are cut in this zone. */
  timeZone: text('time_zone').notNull().default('America/Toronto'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  occupants: integer('occupants').notNull().default(3),
  /** "I already have a plug": the free-plug first step ticks as skipped (decision 090). */
  freePlugSkippedAt: timestamp('free_plug_skipped_at', { withTimezone: true }),
  /** The member says the home has a battery: it is then scored on its baseline days alone (decision 138), or on those nearest in sun where its production is measured (147). */
  hasBattery: boolean('has_battery').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The household's tariff over time. A plan change appends a row effective from a date; bills
 * price each day with the row in force that day, so a change never re-prices the past.
 */
export const householdTariffs = pgTable(
  'household_tariffs',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    /** An id from `@peakwise/domain/tariff-plans` (e.g. "on-tou"). */
    planId: text('plan_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.effectiveFrom] })],
);

/** Floor-plan rooms; geometry is in a 1000 × 600 plan space the web app scales to fit. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('rooms_household_idx').on(t.householdId)],
);

/**
 * The latest instantaneous power sample per household (MQTT `…/meter/power`): one row each,
 * overwritten by newer samples. History lives in the 5-minute meter readings, not here.
 */
export const householdLivePower = pgTable('household_live_power', {
  householdId: uuid('household_id')
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  powerW: doublePrecision('power_w').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
});
