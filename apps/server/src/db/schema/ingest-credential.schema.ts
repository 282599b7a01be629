import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MQTT_REFUSAL_REASONS } from '@peakwise/contracts/device-connection.contract';
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
    /** The broker's last refusal of this credential (migration 0037); only the last is kept. */
    lastRefusalReason: text('last_refusal_reason', { enum: MQTT_REFUSAL_REASONS }),
    lastRefusalTopic: text('last_refusal_topic'),
    lastRefusalAt: timestamp('last_refusal_at', { withTimezone: true }),
    /** With Mosquitto (migration 0046): when its log last said this credential logged in. */
    brokerLoginSeenAt: timestamp('broker_login_seen_at', { withTimezone: true }),
    /** With Mosquitto: since when the login check found no login there for it (decision 105). */
    brokerLoginMissingAt: timestamp('broker_login_missing_at', { withTimezone: true }),
  },
  (t) => [index('ingest_credentials_household_idx').on(t.householdId)],
);
