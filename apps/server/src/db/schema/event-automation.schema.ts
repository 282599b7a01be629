import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { EVENT_PLUG_ACTIONS } from '@peakwise/contracts/event-automation.contract';
import { users } from './auth.schema';
import { devices } from './device.schema';
import { energyEvents } from './energy-event.schema';
import { households } from './household.schema';

/**
 * A household's standing choices about events (decision 036): "opt me in to every event". One row
 * per household that ever chose; no row means off.
 */
export const householdEventSettings = pgTable('household_event_settings', {
  householdId: uuid('household_id')
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  optInEveryEvent: boolean('opt_in_every_event').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The member who last changed it; account deletion keeps the pseudonymous user row (decision 009). */
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  /** "Tell me when a program starts here" (decision 103); cleared in effect once notified. */
  notifyProgramStart: boolean('notify_program_start').notNull().default(false),
  programStartNotifiedAt: timestamp('program_start_notified_at', { withTimezone: true }),
});

/**
 * The smart plugs a household chose to power down during events (decision 037). A trigger refuses
 * a never-switch plug, a device that is not a smart plug, and another household's device.
 */
export const eventPlugChoices = pgTable(
  'event_plug_choices',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_plug_choices_household_idx').on(t.householdId)],
);

// The actions are part of the API contract; the column takes them from there.
export type EventPlugAction = (typeof EVENT_PLUG_ACTIONS)[number];

/**
 * What plug automation did to each chosen plug in an event, and when (decision 037). At most one
 * row per (event, plug, action), so a job that runs twice adds nothing. `previous_on` is the state
 * the plug reported before the event: the end of the event restores it from here, so a restart
 * between start and end loses nothing.
 */
export const eventPlugActions = pgTable(
  'event_plug_actions',
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
    action: text('action', { enum: EVENT_PLUG_ACTIONS }).notNull(),
    previousOn: boolean('previous_on'),
    /** Why it failed, in English for the operator's log; the member sees the action. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('event_plug_actions_once').on(t.eventId, t.deviceId, t.action),
    index('event_plug_actions_household_idx').on(t.householdId, t.eventId),
    check('event_plug_actions_action', sql`${t.action} in ('switched_off', 'skipped_already_off', 'overridden', 'restored', 'switch_off_failed', 'restore_failed', 'off_superseded')`),
  ],
);
