import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema';
import { energyEvents } from './energy-event.schema';
import { households } from './household.schema';

/**
 * What a member wants to hear about, and how (decision 035). A missing row means the default
 * (email on, SMS and push off), so a new member needs no rows and a changed default reaches
 * everyone who never chose. Every change also appends a consent record.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    kind: text('kind', { enum: ['events', 'bill_reminders', 'maintenance_alerts', 'rewards'] }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channel, t.kind] }),
    check('notification_preferences_channel', sql`${t.channel} in ('email', 'sms', 'push')`),
    check('notification_preferences_kind', sql`${t.kind} in ('events', 'bill_reminders', 'maintenance_alerts', 'rewards')`),
  ],
);

/**
 * The member's mobile number and its verification. The code is kept only as a keyed hash, with
 * its expiry and the guesses left; SMS notifications go only to a number with verified_at.
 */
export const notificationPhones = pgTable(
  'notification_phones',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_phones_phone_idx').on(t.phone), check('notification_phones_attempts', sql`${t.codeAttempts} >= 0`)],
);

/** A browser's Web Push subscription (one member may have several: phone, laptop). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One notification to one member on one channel: the unit of "exactly once". The unique key
 * makes fan-out idempotent; a row moves pending → sent (in the transaction that records the
 * message), or failed after its retries, or skipped (the event was cancelled before it went).
 */
export const eventNotifications = pgTable(
  'event_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    kind: text('kind', { enum: ['announced', 'reminder', 'rescheduled', 'cancelled'] }).notNull(),
    /** The event's revision a reschedule notice is for (0 for the other kinds). */
    revision: integer('revision').notNull().default(0),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('event_notifications_once').on(t.eventId, t.userId, t.channel, t.kind, t.revision),
    index('event_notifications_user_idx').on(t.userId),
    check('event_notifications_channel', sql`${t.channel} in ('email', 'sms', 'push')`),
    check('event_notifications_kind', sql`${t.kind} in ('announced', 'reminder', 'rescheduled', 'cancelled')`),
    check('event_notifications_revision', sql`${t.revision} >= 0 and (${t.kind} = 'rescheduled' or ${t.revision} = 0)`),
    check('event_notifications_status', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
    check('event_notifications_sent_at', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
  ],
);

/**
 * Every SMS the server produced. Without an SMS provider this table is the delivery; with one
 * it is the record, with the provider's message id. `idempotency_key` (the delivery id, or the
 * verification it carries) makes recording the same message twice impossible.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerId: text('provider_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Secrets the server makes for itself on first start (the VAPID key pair), shared by every process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
