import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Answers from the external geocoder, kept so a repeated postal check makes no outbound call. */
export const geocoderCache = pgTable('geocoder_cache', {
  postalCode: text('postal_code').primaryKey(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
