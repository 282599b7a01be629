import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './device.schema';
import { households } from './household.schema';

/**
 * Bearer tokens for HTTP ingest and passwords for MQTT. Only the SHA-256 of the token is kept
 * (the token is 32 random bytes, so a fast hash is enough); the token itself is shown once.
 * device_id null = household-wide credential (meter + every device).
 */
export const ingestCredentials = pgTable(
  'ingest_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The latest connection refused because this login was already connected elsewhere (decision 095). */
    secondLoginRefusedAt: timestamp('second_login_refused_at', { withTimezone: true }),
  },
  (t) => [index('ingest_credentials_household_idx').on(t.householdId)],
);
