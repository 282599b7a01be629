import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEVICE_KINDS, type DeviceKind } from '@peakwise/contracts/device-management.contract';
import { households, rooms } from './household.schema';

// The kinds are part of the API contract; the column takes them from there.
export { DEVICE_KINDS, type DeviceKind };
export const DEVICE_STATUSES = ['operational', 'warning', 'critical', 'offline'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * Anything that reports readings or can be switched. Removing a device sets removed_at: its
 * readings stay and keep counting in household totals, and its external id becomes free again.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    /** What the device calls itself (serial, MAC, "shellyplugus-a1b2c3"); used in topics and payloads. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('operational'),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    x: integer('x'),
    y: integer('y'),
    ratedPowerW: doublePrecision('rated_power_w'),
    /** Never switched off by automations or events (a fridge, a medical device). */
    neverSwitch: boolean('never_switch').notNull().default(false),
    /** Last relay state the plug confirmed; null for devices without a relay or before the first report. */
    relayOn: boolean('relay_on'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * The power at the plug's newest report and when it was taken. Interval readings keep the
     * first sample of each interval; this follows every report (docs/ingestion.md).
     */
    livePowerW: doublePrecision('live_power_w'),
    livePowerAt: timestamp('live_power_at', { withTimezone: true }),
    /** Set on a first-generation Shelly EM read as the household meter: how many of its channels have a clamp (decision 107). */
    meterClamps: smallint('meter_clamps'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // Unique among live devices only, so a removed plug's id can be registered again.
    uniqueIndex('devices_household_external_id_live_idx').on(t.householdId, t.externalId).where(sql`${t.removedAt} is null`),
    index('devices_household_idx').on(t.householdId),
    check('devices_meter_clamps', sql`${t.meterClamps} in (1, 2)`),
  ],
);
