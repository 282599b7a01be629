import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail of corrected readings (decision 031): one row each time a stored value of an
 * interval is replaced by a different one. Written by triggers on the raw tables, so no write
 * path can correct a reading without leaving its previous values here.
 */
export const readingCorrections = pgTable(
  'reading_corrections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    series: text('series', { enum: ['meter', 'device'] }).notNull(),
    /** The household for a meter interval, the device for a device interval. */
    householdId: uuid('household_id'),
    deviceId: uuid('device_id'),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    previous: jsonb('previous').notNull(),
    corrected: jsonb('corrected').notNull(),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull(),
    /** The writing transaction, so a writer can count the corrections it made itself. */
    txid: bigint('txid', { mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (t) => [
    index('reading_corrections_txid_idx').on(t.txid),
    index('reading_corrections_household_ts_idx').on(t.householdId, t.ts),
    check('reading_corrections_owner', sql`(${t.series} = 'meter' and ${t.householdId} is not null) or (${t.series} = 'device' and ${t.deviceId} is not null)`),
  ],
);
