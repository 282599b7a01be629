import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Time-based work that must survive a restart and run once (decision 032): an event's start,
 * end and settlement, reminders, statements, payouts. `key` makes scheduling idempotent ("the
 * settlement of event X" is one row however often it is asked for); a worker claims due rows
 * with FOR UPDATE SKIP LOCKED, so two server processes never run the same job at once, and a
 * claim whose lease runs out (its process died) is taken again.
 */
export const durableJobs = pgTable(
  'durable_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('durable_jobs_due_idx').on(t.runAt).where(sql`status in ('queued', 'running')`),
    check('durable_jobs_attempts', sql`${t.attempts} >= 0`),
  ],
);
