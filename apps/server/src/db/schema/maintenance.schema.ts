import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COMPONENT_KINDS } from '@peakwise/domain/maintenance-catalogue';
import { ALERT_CAUSES, ALERT_METRIC_KINDS, ALERT_PRIORITIES, ALERT_TYPES } from '@peakwise/domain/maintenance-rules';
import { users } from './auth.schema';
import { devices } from './device.schema';
import { households } from './household.schema';

export const NEXT_MAINTENANCE_SOURCES = ['interval', 'scheduled'] as const;
export const RELIABILITY_SOURCES = ['observed', 'no_failures'] as const;

/**
 * The spec's maintenance_metrics: equipment the household keeps in working order, with its
 * maintenance dates and reliability. Most stand for one device; the solar array stands for all
 * panels. A removed device's component is retired with it (removed_at), keeping its history.
 */
export const maintenanceComponents = pgTable(
  'maintenance_components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: COMPONENT_KINDS }).notNull(),
    lastMaintenance: date('last_maintenance', { mode: 'string' }),
    nextMaintenance: date('next_maintenance', { mode: 'string' }),
    nextMaintenanceSource: text('next_maintenance_source', { enum: NEXT_MAINTENANCE_SOURCES }),
    /** The component's usual clean level for reference-based health (maintenance-health referenceLevel). */
    healthReference: doublePrecision('health_reference'),
    mtbfHours: doublePrecision('mtbf_hours'),
    mttrHours: doublePrecision('mttr_hours'),
    reliabilitySource: text('reliability_source', { enum: RELIABILITY_SOURCES }),
    /** The local date MTBF/MTTR were last computed for; they are recomputed once a day. */
    reliabilityOn: date('reliability_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('maintenance_components_household_idx').on(t.householdId),
    uniqueIndex('maintenance_components_device_live_idx').on(t.deviceId).where(sql`${t.removedAt} is null and ${t.deviceId} is not null`),
    uniqueIndex('maintenance_components_array_live_idx').on(t.householdId).where(sql`${t.removedAt} is null and ${t.kind} = 'solar_array'`),
  ],
);

/**
 * One health score per component and local day. `basis` is what was measured (relative yield,
 * efficiency, reported share); `health_pct` is the score from it, null when the day could not
 * be judged (too dark, no usual level yet).
 */
export const componentHealth = pgTable(
  'component_health',
  {
    componentId: uuid('component_id')
      .notNull()
      .references(() => maintenanceComponents.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    basis: doublePrecision('basis'),
    healthPct: doublePrecision('health_pct'),
  },
  (t) => [primaryKey({ columns: [t.componentId, t.localDate] })],
);

/**
 * Which local days were scored from how many device intervals: a day whose count changed (late or
 * back-filled readings) is scored again, the others are left alone.
 */
export const maintenanceScoredDays = pgTable(
  'maintenance_scored_days',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    sourceIntervals: integer('source_intervals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.localDate] })],
);

/**
 * Alerts found by the rules. At most one open alert per component and cause; an alert resolves
 * itself when its rule clears, and a member's dismissal hides it for good (a later recurrence is
 * a new alert).
 */
export const maintenanceAlerts = pgTable(
  'maintenance_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => maintenanceComponents.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ALERT_TYPES }).notNull(),
    cause: text('cause', { enum: ALERT_CAUSES }).notNull(),
    priority: text('priority', { enum: ALERT_PRIORITIES }).notNull(),
    metricKind: text('metric_kind', { enum: ALERT_METRIC_KINDS }).notNull(),
    metricValue: doublePrecision('metric_value').notNull(),
    params: jsonb('params').$type<Record<string, number | string>>().notNull().default({}),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /** Who dismissed it; account deletion keeps the pseudonymous user row (decision 009). */
    dismissedBy: text('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    scheduledFor: date('scheduled_for', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('maintenance_alerts_open_idx').on(t.componentId, t.cause).where(sql`${t.resolvedAt} is null`),
    index('maintenance_alerts_household_idx').on(t.householdId, t.detectedAt),
  ],
);

export const MAINTENANCE_ACTIONS = ['scheduled', 'completed'] as const;

/** What members did: maintenance scheduled (from an alert's Take Action or the upcoming list) or recorded as done. */
export const maintenanceActions = pgTable(
  'maintenance_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => maintenanceComponents.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id').references(() => maintenanceAlerts.id, { onDelete: 'set null' }),
    action: text('action', { enum: MAINTENANCE_ACTIONS }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_actions_component_idx').on(t.componentId, t.createdAt)],
);
