import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { pointsTransfers } from './points.schema';

/**
 * One weekly prize draw (decision 042). The seed is stored from the start (the draw needs it),
 * but the API shows it only once drawn; a CHECK ties it to the published commitment, so the seed
 * that is revealed is the one committed to.
 */
export const prizeDraws = pgTable(
  'prize_draws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Monday the week starts on, Toronto time. */
    week: date('week').notNull().unique(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    commitment: text('commitment').notNull(),
    seed: text('seed').notNull(),
    prizePoints: integer('prize_points').notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['committed', 'drawn'] }).notNull().default('committed'),
    entries: integer('entries'),
    digest: text('digest'),
    winnerEntry: text('winner_entry'),
    winnerHouseholdId: uuid('winner_household_id'),
    transferId: uuid('transfer_id').references(() => pointsTransfers.id),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (t) => [
    check('prize_draws_commitment', sql`encode(sha256(convert_to(${t.seed}, 'UTF8')), 'hex') = ${t.commitment}`),
    check('prize_draws_committed_before_week', sql`${t.committedAt} <= ${t.startsAt}`),
    check('prize_draws_prize', sql`${t.prizePoints} > 0`),
    check('prize_draws_drawn', sql`(${t.status} = 'drawn') = (${t.drawnAt} is not null and ${t.entries} is not null)`),
  ],
);

/** The week's entries: one per household that took part in an event that week. */
export const prizeDrawEntries = pgTable(
  'prize_draw_entries',
  {
    drawId: uuid('draw_id')
      .notNull()
      .references(() => prizeDraws.id),
    householdId: uuid('household_id').notNull(),
    entry: text('entry').notNull(),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.householdId] }), unique('prize_draw_entries_entry').on(t.drawId, t.entry)],
);
