import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OPENADR_EVENT_STATUSES } from '@peakwise/contracts/openadr.contract';
import { energyEvents, eventPrograms } from './energy-event.schema';

/** A VTN this server is a VEN of (decision 104), keyed by its URL; the secret stays in the environment. */
export const openAdrVtns = pgTable(
  'openadr_vtns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull().unique(),
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
  },
  (t) => [check('openadr_vtns_version', sql`${t.version} in ('3.0.1', '3.1.1')`), check('openadr_vtns_failures', sql`${t.failures} >= 0`)],
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
