import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema';

/**
 * Append-only: a withdrawal is a new row with granted = false, and the latest row wins. Each row
 * keeps the exact wording the member agreed to and the language it was shown in.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    language: text('language').notNull(),
    /** Where the change was made (settings, an email's unsubscribe link, an SMS STOP); null for records older than the column. */
    source: text('source'),
    /**
     * Which text was shown, as an id whose wording the app keeps in every language (decision 052):
     * `wording` holds the English text, while the member may have read it in French or Spanish.
     * Null for records older than the column whose English wording the app does not recognise.
     */
    wordingVersion: text('wording_version'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_purpose_idx').on(t.userId, t.purpose, t.recordedAt)],
);
