import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A member's request for everything Peakwise holds about them (decision 052). Built once by a
 * durable job; a member has at most one export waiting at a time (the partial unique index), so
 * pressing the button twice never builds two.
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'ready', 'expired'] })
      .notNull()
      .default('pending'),
    /** The README's language: the member's when they asked. */
    language: text('language').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** After this the download answers 410 and the archive's bytes are dropped. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    byteSize: bigint('byte_size', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('privacy_exports_one_pending').on(t.userId).where(sql`status = 'pending'`),
    index('privacy_exports_user_idx').on(t.userId, t.requestedAt),
    check('privacy_exports_ready_has_times', sql`${t.status} = 'pending' or (${t.readyAt} is not null and ${t.expiresAt} is not null and ${t.byteSize} >= 0)`),
  ],
);

/** The archive, in order: written in chunks while it is built, read back in chunks while it downloads. */
export const privacyExportChunks = pgTable(
  'privacy_export_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => privacyExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] }), check('privacy_export_chunks_seq', sql`${t.seq} >= 0`)],
);
