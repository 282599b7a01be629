import { date, doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './device.schema';
import { households } from './household.schema';

/**
 * Rollups recomputed from raw rows for the buckets a write touched (never incremented, so a
 * duplicate or a correction cannot drift them). interval_count says how many 5-minute intervals
 * the sums cover: 0 of 288 is a missing day, not a zero day.
 */

const meterSums = {
  productionKwh: doublePrecision('production_kwh').notNull(),
  consumptionKwh: doublePrecision('consumption_kwh').notNull(),
  gridImportKwh: doublePrecision('grid_import_kwh').notNull(),
  gridExportKwh: doublePrecision('grid_export_kwh').notNull(),
  intervalCount: integer('interval_count').notNull(),
};

/** UTC hours. */
export const meterHourly = pgTable(
  'meter_hourly',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    ...meterSums,
  },
  (t) => [primaryKey({ columns: [t.householdId, t.hourStart] })],
);

/**
 * Local calendar days in the household's time zone (23, 24 or 25 hours long), with the day's
 * price once it has been computed. Whatever rewrites a day's sums (ingest recomputing it, a
 * time-zone re-cut) or changes the plan in force for it clears the price, so a price present is
 * always the current one; the next read prices the day again (decision 024).
 */
export const meterDaily = pgTable(
  'meter_daily',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    ...meterSums,
    /** The tariff plan the day was priced under; null = not priced since its sums or plan last changed. */
    costPlanId: text('cost_plan_id'),
    /** Unrounded cents of the day's grid import (energy + the day's fixed charge); null when unpriced, or when the plan had no prices in force that day. */
    costCents: doublePrecision('cost_cents'),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.localDate] })],
);

const deviceAggregates = {
  /** Sum over intervals with known energy; null when none is known. */
  energyKwh: doublePrecision('energy_kwh'),
  avgPowerW: doublePrecision('avg_power_w'),
  avgEfficiency: doublePrecision('avg_efficiency'),
  /** Water meters: sum of metrics.litres (and .hotLitres) over the bucket; null for devices without them. */
  litres: doublePrecision('litres'),
  hotLitres: doublePrecision('hot_litres'),
  /** Intervals with any reading. */
  intervalCount: integer('interval_count').notNull(),
  /** Intervals whose energy is known (counter resets and gaps leave it missing). */
  energyIntervalCount: integer('energy_interval_count').notNull(),
  /**
   * Intervals that reported an efficiency: avg_efficiency's weight when buckets are combined.
   * interval_count would weight night hours (no efficiency) as if they had one (decision 045).
   */
  efficiencyIntervalCount: integer('efficiency_interval_count').notNull().default(0),
};

export const deviceHourly = pgTable(
  'device_hourly',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    ...deviceAggregates,
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.hourStart] })],
);

export const deviceDaily = pgTable(
  'device_daily',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    ...deviceAggregates,
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.localDate] })],
);
