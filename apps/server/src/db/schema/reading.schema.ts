import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, jsonb, pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './device.schema';

/**
 * Raw 5-minute readings (the spec's energy_consumption and device_metrics). One row per series
 * and interval start: the primary key is what makes a resent reading a no-op. Both tables are
 * partitioned by UTC month with a DEFAULT partition (migration 0056, decision 115), which
 * drizzle-kit cannot declare: the migration is the table's real definition.
 *
 * No foreign keys on the raw tables (decision 026): their one writer, storeReadings, share-locks
 * each household row and resolves each device within the same transaction, so a per-row key
 * check would repeat that check once per reading, at about the cost of the insert itself.
 * Households and devices are never deleted (members are anonymised, devices soft-removed).
 */
export const meterReadings = pgTable(
  'meter_readings',
  {
    householdId: uuid('household_id').notNull(),
    /** Start of the 5-minute interval. */
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    productionKwh: doublePrecision('production_kwh').notNull(),
    consumptionKwh: doublePrecision('consumption_kwh').notNull(),
    gridImportKwh: doublePrecision('grid_import_kwh').notNull(),
    gridExportKwh: doublePrecision('grid_export_kwh').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  // The key also INCLUDEs consumption_kwh, grid_import_kwh and grid_export_kwh (migrations 0017, 0053; decisions 038, 112): event baselines read them index-only.
  (t) => [primaryKey({ columns: [t.householdId, t.ts] })],
);

export const deviceReadings = pgTable(
  'device_readings',
  {
    deviceId: uuid('device_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    powerW: doublePrecision('power_w'),
    /** Energy of [ts, ts + 5 min); null = missing (e.g. a counter reset), never zero. */
    energyKwh: doublePrecision('energy_kwh'),
    efficiency: doublePrecision('efficiency'),
    relayOn: boolean('relay_on'),
    metrics: jsonb('metrics').$type<Record<string, number>>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);

/** The last cumulative total per device, the baseline for counterToInterval. */
export const deviceCounters = pgTable('device_counters', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  counterKwh: doublePrecision('counter_kwh').notNull(),
});

/** The last import and export totals of a whole-home meter device (a Shelly Pro 3EM), the baseline for its household intervals. */
export const meterCounters = pgTable('meter_counters', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  importKwh: doublePrecision('import_kwh').notNull(),
  exportKwh: doublePrecision('export_kwh').notNull(),
});

/**
 * A first-generation Shelly EM's newest power and totals per channel. Each value arrives as a
 * message of its own, so a channel's waits here until the other channel's can be added to it
 * (decision 107).
 */
export const shellyGen1Channels = pgTable(
  'shelly_gen1_channels',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    powerW: doublePrecision('power_w'),
    powerAt: timestamp('power_at', { withTimezone: true }),
    totalWh: doublePrecision('total_wh'),
    totalAt: timestamp('total_at', { withTimezone: true }),
    returnedWh: doublePrecision('returned_wh'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'shelly_gen1_channels_pk', columns: [t.deviceId, t.channel] }),
    check('shelly_gen1_channels_channel', sql`${t.channel} in (0, 1)`),
    check('shelly_gen1_channels_power', sql`(${t.powerW} is null) = (${t.powerAt} is null)`),
    check('shelly_gen1_channels_total', sql`(${t.totalWh} is null) = (${t.totalAt} is null) and (${t.totalWh} is null or ${t.totalWh} >= 0)`),
    check('shelly_gen1_channels_returned', sql`(${t.returnedWh} is null) = (${t.returnedAt} is null) and (${t.returnedWh} is null or ${t.returnedWh} >= 0)`),
  ],
);
