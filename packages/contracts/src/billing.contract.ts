import { z } from 'zod';
import { STATEMENT_LINE_KINDS } from '@peakwise/domain/billing-statement';
import type { StatementStatusValue } from '@peakwise/domain/billing-status';

/**
 * Monthly statements as a member sees them (decision 044). Money is integer cents, dates are the
 * household's local dates ("YYYY-MM-DD"). A line's words are chosen by the web app (and the PDF)
 * in the member's language from its kind, key and params.
 */

export const BILLING_MESSAGES = {
  statementNotFound: 'No such statement.',
} as const;

/** Paid and Partially paid come with payments; until then a statement is Due, Overdue, or owes nothing. */
export const STATEMENT_STATUSES = ['due', 'overdue', 'paid', 'partially_paid', 'nothing_due'] as const satisfies readonly StatementStatusValue[];
export const statementStatusSchema = z.enum(STATEMENT_STATUSES);
export type StatementStatus = z.infer<typeof statementStatusSchema>;

const localDate = z.iso.date();

export const statementLineSchema = z.object({
  kind: z.enum(STATEMENT_LINE_KINDS),
  descriptionKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  quantity: z.number().nullable(),
  unit: z.enum(['kWh', 'day']).nullable(),
  unitPriceCents: z.number().nullable(),
  amountCents: z.number().int(),
});
export type StatementLineView = z.infer<typeof statementLineSchema>;

export const statementSummarySchema = z.object({
  id: z.uuid(),
  periodStart: localDate,
  periodEnd: localDate,
  issuedAt: z.iso.datetime({ offset: true }),
  dueDate: localDate,
  chargesCents: z.number().int(),
  amountDueCents: z.number().int(),
  status: statementStatusSchema,
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const billingSummarySchema = z.object({
  /** What the member owes now (negative: a credit). */
  balanceCents: z.number().int(),
  /** The latest statement's due date; null before the first statement. */
  dueDate: localDate.nullable(),
  lastStatement: statementSummarySchema.nullable(),
  /** Newest first. */
  history: z.array(statementSummarySchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** A payment as a statement shows it: when (received, made or returned) and how much (positive). */
const paymentMoved = z.object({ at: z.iso.datetime({ offset: true }), amountCents: z.number().int() });

const usageSchema = z.object({ importKwh: z.number(), exportKwh: z.number(), days: z.number().int() });

export const statementDetailSchema = statementSummarySchema.extend({
  billedFrom: localDate,
  /** The previous statement's amount due, before the payments carried (decision 056). */
  previousBalanceCents: z.number().int(),
  /** Payments carried into this statement that have succeeded (by the issue, or since it while pending then). */
  payments: z.array(paymentMoved),
  /**
   * Payments carried into this statement while still pending at its issue that have not succeeded
   * (yet): `failed` ones are added back on the next statement.
   */
  pendingPayments: z.array(paymentMoved.extend({ status: z.enum(['pending', 'failed']) })),
  /** Payments carried into an earlier statement while pending that failed since: added back here. */
  returnedPayments: z.array(paymentMoved),
  /** Succeeded payments against this statement, after its issue. */
  paidAgainst: z.array(paymentMoved),
  lines: z.array(statementLineSchema),
  usage: usageSchema,
  /** The same month a year earlier, when there is a statement for it. */
  lastYear: z.object({ id: z.uuid(), periodStart: localDate, chargesCents: z.number().int(), usage: usageSchema }).nullable(),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;
