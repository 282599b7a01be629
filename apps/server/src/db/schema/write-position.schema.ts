import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A WAL position as PostgreSQL prints it, `X/Y` in hex (compared in SQL, or after parseLsn). */
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' });

/**
 * The primary's WAL position after an owner's (a household's or a member's) last accepted write,
 * shared by every server process (decision 129). Only with a replica configured; a row the
 * replica has replayed is deleted.
 */
export const writePositions = pgTable('write_positions', {
  ownerId: text('owner_id').primaryKey(),
  lsn: pgLsn('lsn').notNull(),
  notedAt: timestamp('noted_at', { withTimezone: true }).notNull().defaultNow(),
});
