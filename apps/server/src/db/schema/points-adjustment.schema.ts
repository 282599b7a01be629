import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pointsTransfers } from './points.schema';

/**
 * An operator's manual credit or debit of a member's points: who, when and why, beside the
 * ledger transfer that moved them (decision 041). Rows are never changed or removed (trigger).
 */
export const pointsAdjustments = pgTable(
  'points_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .unique()
      .references(() => pointsTransfers.id),
    /** Positive credits the member, negative debits them. */
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    operatorId: text('operator_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_adjustments_household_idx').on(t.householdId, t.createdAt),
    check('points_adjustments_points', sql`${t.points} <> 0`),
    check('points_adjustments_reason', sql`length(btrim(${t.reason})) between 3 and 500`),
  ],
);
