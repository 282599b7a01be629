import { z } from 'zod';
import { idempotencyKeySchema } from './cash-outs.contract';
import { localizedTextSchema } from './rewards.contract';
import { singleLine } from './single-line-text';

/**
 * A member's points activity (newest first, paged by cursor), each entry with the balance it left
 * and what it belongs to; and an operator's manual adjustment (decision 041).
 */
export const LEDGER_MESSAGES = {
  badCursor: 'Not a page of this list.',
  points: 'Adjust by a whole number of points from 1 to 1,000,000.',
  reason: 'Give a reason of 3 to 500 characters.',
  wouldGoNegative: 'This debit would take the member’s balance below zero.',
  noMember: 'No such member.',
  keyReused: 'This idempotency key was already used for a different adjustment of this member.',
} as const;

export const activityEntrySchema = z.object({
  /** The ledger entry's number; also the cursor of the page after it. */
  entryId: z.string(),
  transferId: z.string(),
  kind: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  at: z.string(),
  eventId: z.string().nullable(),
  cashOutId: z.string().nullable(),
  orderId: z.string().nullable(),
  drawId: z.string().nullable(),
  /** What a redemption bought, in every language (the order's item); null for other entries. */
  item: localizedTextSchema.nullable(),
  /** The operator's reason for an adjustment, or why a cash-out was refunded. */
  reason: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityQuerySchema = z.object({
  cursor: z.string().regex(/^\d{1,18}$/, { error: LEDGER_MESSAGES.badCursor }).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const opsLedgerSchema = z.object({
  householdId: z.string(),
  memberEmail: z.string().nullable(),
  balance: z.number().int(),
  activity: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type OpsLedger = z.infer<typeof opsLedgerSchema>;

export const opsMemberSchema = z.object({ householdId: z.string(), email: z.string(), name: z.string(), balance: z.number().int() });
export type OpsMember = z.infer<typeof opsMemberSchema>;

export const adjustmentSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  points: z.number({ error: LEDGER_MESSAGES.points }).int({ error: LEDGER_MESSAGES.points }).min(1, { error: LEDGER_MESSAGES.points }).max(1_000_000, { error: LEDGER_MESSAGES.points }),
  reason: singleLine(z.string({ error: LEDGER_MESSAGES.reason }).trim().min(3, { error: LEDGER_MESSAGES.reason }).max(500, { error: LEDGER_MESSAGES.reason })),
  idempotencyKey: idempotencyKeySchema,
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
