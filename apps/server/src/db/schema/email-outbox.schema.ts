import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every email the server produced: the delivery itself without SMTP, a record of it with SMTP. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** The whole RFC 5322 message (headers, parts, calendar invitation) as sent or, without SMTP, as it would have been. */
    raw: text('raw'),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt)],
);
