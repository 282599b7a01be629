import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { energyEvents } from './energy-event.schema';
import { households } from './household.schema';

/**
 * A 5-minute interval two of a household's events share, recorded by the event that paid it
 * (decision 108): one row per household and interval, so a second event can never pay it too.
 */
export const eventPaidIntervals = pgTable(
  'event_paid_intervals',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    intervalStart: timestamp('interval_start', { withTimezone: true }).notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'event_paid_intervals_pk', columns: [t.householdId, t.intervalStart] }),
    index('event_paid_intervals_event_idx').on(t.eventId),
    check('event_paid_intervals_grid', sql`extract(epoch from ${t.intervalStart})::bigint % 300 = 0`),
  ],
);
