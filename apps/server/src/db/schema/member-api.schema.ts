import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema';

/**
 * Personal API tokens (decision 060): a member's own scripts read their usage and solar and
 * switch their plugs. Only the SHA-256 of the token is kept (32 random bytes, shown once); the
 * prefix is the token's first characters, for telling tokens apart in Settings. The rate-limit
 * window lives on the row, so the lookup, the count and "last used" are one statement.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    windowCount: integer('window_count').notNull().default(0),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId),
    check('api_tokens_scopes', sql`cardinality(${t.scopes}) >= 1 and ${t.scopes} <@ array['usage:read', 'solar:read', 'plugs:control']::text[]`),
    check('api_tokens_window_count', sql`${t.windowCount} >= 0`),
    check('api_tokens_expiry', sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * A member's webhook endpoint. The secret signs deliveries, so unlike a token it must be read
 * back: it is kept as issued and shown once (decision 060).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    status: text('status', { enum: ['active', 'failing'] }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_endpoints_user_idx').on(t.userId),
    check('webhook_endpoints_status', sql`${t.status} in ('active', 'failing')`),
    check('webhook_endpoints_events', sql`cardinality(${t.events}) >= 1 and ${t.events} <@ array['event.scheduled', 'event.result', 'bill.issued']::text[]`),
  ],
);

/**
 * One message to one endpoint. `event_key` names what it tells (the event, the statement), so a
 * fan-out that runs again adds nothing; a delivery that succeeded is never sent again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('webhook_deliveries_once').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('webhook_deliveries_attempts', sql`${t.attempts} >= 0`),
    check('webhook_deliveries_delivered', sql`(${t.status} = 'succeeded') = (${t.deliveredAt} is not null)`),
  ],
);

/** Each try of a delivery: the answer's status (null when none came), how long it took. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('webhook_delivery_attempts_once').on(t.deliveryId, t.attempt), check('webhook_delivery_attempts_positive', sql`${t.attempt} >= 1 and ${t.durationMs} >= 0`)],
);
