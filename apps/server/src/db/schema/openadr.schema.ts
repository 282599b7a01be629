import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OPENADR_EVENT_STATUSES, OPENADR_MQTT_STATUSES, OPENADR_REPORT_STAGES, OPENADR_SUBSCRIPTION_STATUSES } from '@peakwise/contracts/openadr.contract';
import { energyEvents, eventPrograms } from './energy-event.schema';

/** A VTN this server is a VEN of (decision 104), keyed by its URL; the secret stays in the environment. */
export const openAdrVtns = pgTable(
  'openadr_vtns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull().unique(),
    /** The name the configuration gives it (decision 121), shown in /ops; the first VTN's is 'default'. */
    name: text('name').notNull().default('default'),
    version: text('version', { enum: ['3.0.1', '3.1.1'] }).notNull(),
    venName: text('ven_name').notNull(),
    /** The VTN's id of our ven object, once created or found. */
    venId: text('ven_id'),
    lastTokenAt: timestamp('last_token_at', { withTimezone: true }),
    lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** Failed polls in a row: the back-off grows with it. */
    failures: integer('failures').notNull().default(0),
    retryAfter: timestamp('retry_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last part of the callback path (decision 110): a callback naming another is a 404. */
    callbackToken: text('callback_token'),
    subscriptionStatus: text('subscription_status', { enum: OPENADR_SUBSCRIPTION_STATUSES }).notNull().default('off'),
    subscriptionError: text('subscription_error'),
    subscriptionCheckedAt: timestamp('subscription_checked_at', { withTimezone: true }),
    /** The last notification taken: a poll that began before it runs again at once. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** A report the VTN refused or that could not be sent (the poll itself went on). */
    reportError: text('report_error'),
    reportErrorAt: timestamp('report_error_at', { withTimezone: true }),
    /** The VTN's MQTT notifier as the listener last found it (decision 114): off when the VTN offers none. */
    mqttStatus: text('mqtt_status', { enum: OPENADR_MQTT_STATUSES }).notNull().default('off'),
    mqttBroker: text('mqtt_broker'),
    mqttTopics: text('mqtt_topics').array().notNull().default(sql`'{}'`),
    mqttError: text('mqtt_error'),
    mqttChangedAt: timestamp('mqtt_changed_at', { withTimezone: true }),
    /** The last message heard on the VTN's topics. */
    mqttMessageAt: timestamp('mqtt_message_at', { withTimezone: true }),
  },
  (t) => [
    check('openadr_vtns_name', sql`${t.name} ~ '^[a-z0-9][a-z0-9-]{0,31}$'`),
    check('openadr_vtns_version', sql`${t.version} in ('3.0.1', '3.1.1')`),
    check('openadr_vtns_failures', sql`${t.failures} >= 0`),
    check('openadr_vtns_subscription_status', sql`${t.subscriptionStatus} in ('off', 'active', 'failed')`),
    check('openadr_vtns_callback_token', sql`${t.callbackToken} is null or ${t.callbackToken} ~ '^[0-9a-f]{32,128}$'`),
    check('openadr_vtns_mqtt_status', sql`${t.mqttStatus} in ('off', 'connecting', 'connected', 'down', 'failed')`),
    check('openadr_vtns_mqtt_broker', sql`(${t.mqttStatus} = 'off') or ${t.mqttBroker} is not null or ${t.mqttStatus} = 'failed'`),
  ],
);

/** One resource per Peakwise program area, registered on the VTN. */
export const openAdrResources = pgTable(
  'openadr_resources',
  {
    vtnId: uuid('vtn_id')
      .notNull()
      .references(() => openAdrVtns.id, { onDelete: 'cascade' }),
    resourceName: text('resource_name').notNull(),
    programId: uuid('program_id')
      .notNull()
      .references(() => eventPrograms.id, { onDelete: 'cascade' }),
    vtnResourceId: text('vtn_resource_id').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'openadr_resources_pk', columns: [t.vtnId, t.resourceName] })],
);

/** A VTN program and the Peakwise program its events feed (null until an operator maps it). */
export const openAdrProgramMaps = pgTable(
  'openadr_program_maps',
  {
    vtnId: uuid('vtn_id')
      .notNull()
      .references(() => openAdrVtns.id, { onDelete: 'cascade' }),
    vtnProgramId: text('vtn_program_id').notNull(),
    vtnProgramName: text('vtn_program_name').notNull(),
    programId: uuid('program_id').references(() => eventPrograms.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'openadr_program_maps_pk', columns: [t.vtnId, t.vtnProgramId] })],
);

/**
 * Every VTN event received and what it became: a Peakwise event, a refusal with its reason, or a
 * cancellation. A scheduled one may carry a reason too: a change the VTN made too late to follow.
 */
export const openAdrEvents = pgTable(
  'openadr_events',
  {
    vtnId: uuid('vtn_id')
      .notNull()
      .references(() => openAdrVtns.id, { onDelete: 'cascade' }),
    vtnEventId: text('vtn_event_id').notNull(),
    vtnProgramId: text('vtn_program_id').notNull(),
    /** Of the event as the VTN sent it: the same one again changes nothing. */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: OPENADR_EVENT_STATUSES }).notNull(),
    reason: text('reason'),
    detail: text('detail'),
    eventId: uuid('event_id').references(() => energyEvents.id),
    /** The event's reportDescriptors as the VTN sent them; null when it asked for no report. */
    reportDescriptors: jsonb('report_descriptors'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'openadr_events_pk', columns: [t.vtnId, t.vtnEventId] }),
    check('openadr_events_status', sql`${t.status} in ('scheduled', 'refused', 'cancelled')`),
    check('openadr_events_reason', sql`${t.status} <> 'refused' or ${t.reason} is not null`),
    check('openadr_events_scheduled_has_event', sql`${t.status} <> 'scheduled' or ${t.eventId} is not null`),
    uniqueIndex('openadr_events_event_idx').on(t.eventId).where(sql`${t.eventId} is not null`),
  ],
);

/**
 * The VEN's webhook subscriptions on a VTN (decision 110): one per VTN program in 3.0.1, one for
 * all ('*') in 3.1.1. Only SHA-256s of the bearer tokens the VTN sends back are kept: the current
 * one, and a new one pending from before it is sent until the VTN's answer is written.
 */
export const openAdrSubscriptions = pgTable(
  'openadr_subscriptions',
  {
    vtnId: uuid('vtn_id')
      .notNull()
      .references(() => openAdrVtns.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    vtnSubscriptionId: text('vtn_subscription_id'),
    bearerSha256: text('bearer_sha256'),
    pendingBearerSha256: text('pending_bearer_sha256'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** Deleted on the VTN once it offered MQTT (decision 121); its bearers no longer let a callback in. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'openadr_subscriptions_pk', columns: [t.vtnId, t.scope] }),
    check(
      'openadr_subscriptions_bearer_format',
      sql`(${t.bearerSha256} is null or ${t.bearerSha256} ~ '^[0-9a-f]{64}$') and (${t.pendingBearerSha256} is null or ${t.pendingBearerSha256} ~ '^[0-9a-f]{64}$')`,
    ),
    check('openadr_subscriptions_held', sql`${t.vtnSubscriptionId} is null or ${t.bearerSha256} is not null`),
  ],
);

/**
 * The one report per VTN event (decision 110), created once and then updated in place: provisional
 * while the event runs, final once settled (again after a re-settlement). Aggregated figures only.
 */
export const openAdrReports = pgTable(
  'openadr_reports',
  {
    vtnId: uuid('vtn_id')
      .notNull()
      .references(() => openAdrVtns.id, { onDelete: 'cascade' }),
    vtnEventId: text('vtn_event_id').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => energyEvents.id),
    vtnReportId: text('vtn_report_id').notNull(),
    stage: text('stage', { enum: OPENADR_REPORT_STAGES }).notNull(),
    /** The settlement the final figures are of. */
    settlementVersion: integer('settlement_version'),
    intervals: integer('intervals').notNull(),
    baselineKwh: doublePrecision('baseline_kwh').notNull(),
    actualKwh: doublePrecision('actual_kwh').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'openadr_reports_pk', columns: [t.vtnId, t.vtnEventId] }),
    check('openadr_reports_stage', sql`${t.stage} in ('provisional', 'final')`),
    check('openadr_reports_final_version', sql`(${t.stage} = 'final') = (${t.settlementVersion} is not null)`),
    check('openadr_reports_figures', sql`${t.intervals} >= 0 and ${t.baselineKwh} >= 0 and ${t.actualKwh} >= 0`),
  ],
);
