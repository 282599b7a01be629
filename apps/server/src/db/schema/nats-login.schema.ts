import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The NATS user keys of ended ingest credentials, when Peakwise mints device logins as JWTs on NATS
 * (decision 132). Every push of the ingest account's JWT carries the whole list.
 */
export const natsLoginRevocations = pgTable('nats_login_revocations', {
  userKey: text('user_key').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
});
