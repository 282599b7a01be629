import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { devices } from './device.schema';
import { energyEvents } from './energy-event.schema';
import { households, rooms } from './household.schema';

/** Each temperature device's newest reading (decision 109); the 5-minute device readings keep the history. */
export const deviceTemperatures = pgTable(
  'device_temperatures',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    temperatureC: doublePrecision('temperature_c').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_temperatures_household_idx').on(t.householdId), check('device_temperatures_plausible', sql`${t.temperatureC} between -60 and 80`)],
);

/** A room's comfort floor (winter) and ceiling (summer); no row means 19 °C and 26 °C. */
export const roomComfortLimits = pgTable(
  'room_comfort_limits',
  {
    roomId: uuid('room_id')
      .primaryKey()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    floorC: numeric('floor_c', { precision: 3, scale: 1 }).notNull(),
    ceilingC: numeric('ceiling_c', { precision: 3, scale: 1 }).notNull(),
    /** The member lets a program that asks for it pre-heat (or pre-cool) this room in the hour before an event. */
    preheat: boolean('preheat').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('room_comfort_limits_range', sql`${t.floorC} between 10 and 30 and ${t.ceilingC} between 10 and 30`),
    check('room_comfort_limits_order', sql`${t.floorC} < ${t.ceilingC}`),
    check('room_comfort_limits_half_degrees', sql`${t.floorC} * 2 = trunc(${t.floorC} * 2) and ${t.ceilingC} * 2 = trunc(${t.ceilingC} * 2)`),
  ],
);

/** The smart plugs that power a heater or an air conditioner: switched during events by their room's temperature. */
export const comfortLoads = pgTable(
  'comfort_loads',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    load: text('load', { enum: ['heating', 'cooling'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('comfort_loads_household_idx').on(t.householdId), check('comfort_loads_load', sql`${t.load} in ('heating', 'cooling')`)],
);

/**
 * What comfort did to a heating or cooling plug during an event and why, with the room's
 * temperature and the limit. `sent_at` is set once the command went out (decided first, sent after
 * the commit, as decision 037 does).
 */
export const eventComfortActions = pgTable(
  'event_comfort_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['switched_off', 'restored', 'not_automated'] }).notNull(),
    reason: text('reason').notNull(),
    temperatureC: doublePrecision('temperature_c'),
    limitC: numeric('limit_c', { precision: 3, scale: 1 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the command could not go out before its deadline (decision 113): logged as failed, never sent late. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    unique('event_comfort_actions_once').on(t.eventId, t.deviceId, t.at),
    index('event_comfort_actions_household_idx').on(t.householdId, t.eventId),
    check('event_comfort_actions_action', sql`${t.action} in ('switched_off', 'restored', 'not_automated')`),
    check('event_comfort_actions_sent_or_failed', sql`${t.sentAt} is null or ${t.failedAt} is null`),
    check('event_comfort_actions_reason', sql`${t.reason} in ('no_sensor', 'sensor_silent', 'crossed_limit', 'within_limit', 'recovered')`),
  ],
);
