import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { energyEvents, eventPrograms } from './energy-event.schema';
import { households } from './household.schema';

/**
 * An event's hold-out draw (decision 100): the seed it was drawn from and its counts. One per
 * event, written at announcement; replaying the seed over the drawable households gives the same
 * hold-out.
 */
export const eventHoldoutDraws = pgTable(
  'event_holdout_draws',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => eventPrograms.id),
    seed: text('seed').notNull(),
    percent: integer('percent').notNull(),
    /** "2026-winter" (November to April) or "2026-summer" (May to October): the cap's period. */
    season: text('season').notNull(),
    /** Households of the area at the draw. */
    eligible: integer('eligible').notNull(),
    /** Those that could be held out: not held out by the program's neighbouring event, not at the season's cap. */
    drawable: integer('drawable').notNull(),
    heldOut: integer('held_out').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('event_holdout_draws_program_idx').on(t.programId, t.season),
    check('event_holdout_draws_seed', sql`${t.seed} ~ '^[0-9a-f]{32}$'`),
    check('event_holdout_draws_percent', sql`${t.percent} between 0 and 50`),
    check('event_holdout_draws_season', sql`${t.season} ~ '^[0-9]{4}-(winter|summer)$'`),
    check('event_holdout_draws_counts', sql`${t.eligible} >= 0 and ${t.drawable} between 0 and ${t.eligible} and ${t.heldOut} between 0 and ${t.drawable}`),
    check('event_holdout_draws_share', sql`${t.heldOut} * 100 <= ${t.percent} * ${t.eligible}`),
  ],
);

/** Each household of the area at the draw, called or held out: the population the impact is measured on. */
export const eventAssignments = pgTable(
  'event_assignments',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventHoldoutDraws.eventId, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    heldOut: boolean('held_out').notNull(),
    drawable: boolean('drawable').notNull(),
  },
  (t) => [
    primaryKey({ name: 'event_assignments_pk', columns: [t.eventId, t.householdId] }),
    index('event_assignments_held_out_idx').on(t.householdId, t.eventId).where(sql`${t.heldOut}`),
    check('event_assignments_drawable', sql`${t.drawable} or not ${t.heldOut}`),
  ],
);
