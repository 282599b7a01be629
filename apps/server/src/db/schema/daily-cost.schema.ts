import { date, doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { households } from './household.schema';

/**
 * Cache of a local day's electricity cost, computed by the tariff engine from that day's hourly
 * grid import under the plan in force that day. A row is valid only while its basis still
 * matches: the same plan, and the same interval count and grid import as the day's
 * `meter_daily` row. Any late or corrected reading changes the basis, so the day is re-priced
 * on the next read; nothing in the ingest path has to know about prices.
 */
export const meterDailyCosts = pgTable(
  'meter_daily_costs',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    planId: text('plan_id').notNull(),
    /** Basis: meter_daily.interval_count and grid_import_kwh when the cost was computed. */
    intervalCount: integer('interval_count').notNull(),
    gridImportKwh: doublePrecision('grid_import_kwh').notNull(),
    /** Unrounded cents (energy + the day's fixed charge). */
    costCents: doublePrecision('cost_cents').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.localDate] })],
);
