import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { pointsTransfers } from './points.schema';

export const CASH_OUT_STATUSES = ['held', 'pending', 'sent', 'failed'] as const;

/**
 * A member's cash-out by Interac e-Transfer (decision 041). Its points left the member's account
 * in the same transaction that created the row (`debit_transfer_id`); a failure returns them
 * through one refund transfer (`refund_transfer_id`). A trigger allows only the moves
 * held → pending | failed, pending → sent | failed, sent → failed (a bounced transfer).
 */
export const cashOuts = pgTable(
  'cash_outs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    /** The client's idempotency key: a double click, a retry or a second tab finds the same row. */
    clientKey: text('client_key').notNull(),
    points: integer('points').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: CASH_OUT_STATUSES }).notNull(),
    debitTransferId: uuid('debit_transfer_id')
      .notNull()
      .unique()
      .references(() => pointsTransfers.id),
    refundTransferId: uuid('refund_transfer_id')
      .unique()
      .references(() => pointsTransfers.id),
    failureReason: text('failure_reason'),
    providerId: text('provider_id'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    unique('cash_outs_client_key').on(t.householdId, t.clientKey),
    index('cash_outs_household_idx').on(t.householdId, t.createdAt),
    index('cash_outs_status_idx').on(t.status, t.createdAt),
    // CASH_OUT_MINIMUM_POINTS (packages/domain/src/payout-rules.ts), here so no code path goes under it.
    check('cash_outs_minimum', sql`${t.points} >= 1000`),
    check('cash_outs_email', sql`${t.email} ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`),
    check('cash_outs_failed', sql`(${t.status} = 'failed') = (${t.failureReason} is not null and ${t.refundTransferId} is not null and ${t.failedAt} is not null)`),
    check('cash_outs_sent', sql`(${t.status} <> 'sent' or ${t.sentAt} is not null) and (${t.status} not in ('held', 'pending') or ${t.sentAt} is null)`),
  ],
);

/**
 * The default payout adapter's deliveries (decision 041): without a provider URL, a row here is
 * the e-Transfer handed over, once per cash-out.
 */
export const payoutOutbox = pgTable('payout_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  cashOutId: uuid('cash_out_id')
    .notNull()
    .unique()
    .references(() => cashOuts.id),
  email: text('email').notNull(),
  amountCents: integer('amount_cents').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  providerId: text('provider_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
