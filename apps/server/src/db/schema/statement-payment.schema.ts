import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { statements } from './billing.schema';
import { payments } from './payment.schema';

/**
 * How each payment reached a statement's carried balance (decision 056). A payment succeeded or
 * still pending when a statement is issued is `carried` into that statement's previous balance,
 * once: the key is (payment, kind). A carried payment that was pending and fails later is
 * `returned` (added back) on the next statement, once. Append-only: a trigger refuses updates and
 * checks that a return follows a pending carry of a failed payment.
 */
export const statementPayments = pgTable(
  'statement_payments',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['carried', 'returned'] }).notNull(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** For a carry: whether the payment had succeeded or was still pending at the statement's issue. */
    statusAtIssue: text('status_at_issue', { enum: ['succeeded', 'pending'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.kind] }),
    check('statement_payments_amount', sql`${t.amountCents} > 0`),
    check('statement_payments_status', sql`(${t.kind} = 'carried') = (${t.statusAtIssue} is not null)`),
    index('statement_payments_statement_idx').on(t.statementId),
  ],
);
