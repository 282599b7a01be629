import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema';
import { devices } from './device.schema';
import { households } from './household.schema';

export const PLUG_SWITCH_OUTCOMES = ['pending', 'confirmed', 'timed_out'] as const;
export type PlugSwitchOutcome = (typeof PLUG_SWITCH_OUTCOMES)[number];
/** Who asked: the member, or plug automation during an Energy Saving Event (decision 037). */
export const PLUG_SWITCH_SOURCES = ['member', 'event_automation'] as const;
export type PlugSwitchSource = (typeof PLUG_SWITCH_SOURCES)[number];

/**
 * Every remote on/off a member (or event automation) asked for, with who asked and what the plug did. A row is written
 * only once the command reached the broker: a command that could not be sent is not a switch.
 */
export const plugSwitchEvents = pgTable(
  'plug_switch_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The member who asked; account deletion keeps the pseudonymous user row (decision 009). */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedOn: boolean('requested_on').notNull(),
    source: text('source', { enum: PLUG_SWITCH_SOURCES }).notNull().default('member'),
    outcome: text('outcome', { enum: PLUG_SWITCH_OUTCOMES }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('plug_switch_events_device_idx').on(t.deviceId, t.requestedAt)],
);
