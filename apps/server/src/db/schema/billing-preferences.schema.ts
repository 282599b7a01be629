import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema';
import { statements } from './billing.schema';
import { households } from './household.schema';

/**
 * A household's billing choices (decision 049). A missing row means the defaults (reminders on,
 * three days ahead), so a new household needs no row. Which channels a reminder takes is the
 * member's notification preference for "bill reminders", not this table.
 */
export const billingPreferences = pgTable(
  'billing_preferences',
  {
    householdId: uuid('household_id')
      .primaryKey()
      .references(() => households.id, { onDelete: 'cascade' }),
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    reminderLeadDays: integer('reminder_lead_days').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_preferences_lead_days', sql`${t.reminderLeadDays} between 1 and 14`)],
);

/**
 * One bill reminder to one member on one channel: the unit of "exactly once" (decision 049). The
 * unique key makes the daily sweep idempotent; a row moves pending → sent in the transaction that
 * records the message, or failed after its retries, or skipped (paid, turned off, unreachable).
 */
export const billReminders = pgTable(
  'bill_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('bill_reminders_once').on(t.statementId, t.channel),
    index('bill_reminders_user_idx').on(t.userId),
    check('bill_reminders_channel', sql`${t.channel} in ('email', 'sms', 'push')`),
    check('bill_reminders_status', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
    check('bill_reminders_sent_at', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
  ],
);
