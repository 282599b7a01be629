import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.schema';

/** The member's profile (docs/product/domain-rules.md#profile-and-email-change): id equals the user id. */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  email: text('email').notNull(),
  // The address an email change is waiting on; the account email changes when its link is clicked.
  pendingEmail: text('pending_email'),
  language: text('language').notNull().default('en'),
  timeZone: text('time_zone').notNull().default('America/Toronto'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  // The session of the member's first sign-in: the Dashboard says "Welcome" in it and "Welcome
  // back" in every later one, on any device (issue 30). Members from before it have the time only.
  firstSessionId: text('first_session_id'),
  firstSignedInAt: timestamp('first_signed_in_at', { withTimezone: true }),
  /** When the member closed the Dashboard's first-steps checklist; it stays closed everywhere. */
  firstStepsDismissedAt: timestamp('first_steps_dismissed_at', { withTimezone: true }),
});
