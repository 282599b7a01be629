import { z } from 'zod';
import { CASH_OUT_MINIMUM_POINTS } from '@peakwise/domain/payout-rules';
import { singleLine } from './single-line-text';

/**
 * Cash-outs by Interac e-Transfer (decision 041): what a member sends, what they and operators
 * see, and the refusals, each with its fixed sentence.
 */
export const CASH_OUT_MESSAGES = {
  belowMinimum: `The minimum cash-out is ${CASH_OUT_MINIMUM_POINTS.toLocaleString('en-CA')} points ($${(CASH_OUT_MINIMUM_POINTS / 100).toFixed(2)}).`,
  notWhole: 'Cash out a whole number of points.',
  notEmail: 'Enter the email address you use for Interac e-Transfer.',
  insufficientPoints: 'You do not have enough points for this.',
  badKey: 'The request needs an idempotency key of 8 to 100 letters, digits, dashes or underscores.',
  keyReused: 'This idempotency key was already used for a different cash-out.',
  notFound: 'No such cash-out.',
  notHeld: 'This cash-out is not waiting for review.',
  reason: 'Give a reason of 3 to 500 characters.',
} as const;

export const CASH_OUT_STATUS_VALUES = ['held', 'pending', 'sent', 'failed'] as const;
export const cashOutStatusSchema = z.enum(CASH_OUT_STATUS_VALUES);

export const idempotencyKeySchema = z.string({ error: CASH_OUT_MESSAGES.badKey }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: CASH_OUT_MESSAGES.badKey });

export const createCashOutSchema = z.object({
  points: z
    .number({ error: CASH_OUT_MESSAGES.notWhole })
    .int({ error: CASH_OUT_MESSAGES.notWhole })
    .min(CASH_OUT_MINIMUM_POINTS, { error: CASH_OUT_MESSAGES.belowMinimum })
    // Far above any balance, and inside the ledger's 32-bit amounts: a huge number is refused, never a 500.
    .max(100_000_000, { error: CASH_OUT_MESSAGES.insufficientPoints }),
  email: z.string({ error: CASH_OUT_MESSAGES.notEmail }).trim().max(254, { error: CASH_OUT_MESSAGES.notEmail }).pipe(z.email({ error: CASH_OUT_MESSAGES.notEmail })),
  idempotencyKey: idempotencyKeySchema,
});
export type CreateCashOut = z.infer<typeof createCashOutSchema>;

export const cashOutSchema = z.object({
  id: z.string(),
  points: z.number().int(),
  /** 100 points = $1, in cents. */
  valueCents: z.number().int(),
  email: z.string(),
  status: cashOutStatusSchema,
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type CashOut = z.infer<typeof cashOutSchema>;

/** The rules shown before a member confirms. */
export const cashOutRulesSchema = z.object({
  minimumPoints: z.number().int(),
  reviewAbovePoints: z.number().int(),
  pointsPerDollar: z.number().int(),
  sentWithinMinutes: z.number().int(),
  reviewWithinBusinessDays: z.number().int(),
});
export type CashOutRules = z.infer<typeof cashOutRulesSchema>;

export const opsCashOutSchema = cashOutSchema.extend({ householdId: z.string(), memberEmail: z.string().nullable(), reviewedAt: z.string().nullable() });
export type OpsCashOut = z.infer<typeof opsCashOutSchema>;

export const rejectCashOutSchema = z.object({ reason: singleLine(z.string({ error: CASH_OUT_MESSAGES.reason }).trim().min(3, { error: CASH_OUT_MESSAGES.reason }).max(500, { error: CASH_OUT_MESSAGES.reason })) });

/** What the payout provider reports later about a transfer it took (sent, or failed with why). */
export const payoutCallbackSchema = z.object({
  cashOutId: z.uuid(),
  status: z.enum(['sent', 'failed']),
  reason: z.string().trim().min(1).max(500).optional(),
  providerId: z.string().max(200).optional(),
});
