import type { LocalDate } from './local-time';

/** How a statement's bottom line reads: an amount due, or below zero a credit, never a negative amount due (decision 084). */
export type AmountDueWording = { kind: 'due' | 'credit'; cents: number };

export function amountDueWording(amountDueCents: number): AmountDueWording {
  return amountDueCents < 0 ? { kind: 'credit', cents: -amountDueCents } : { kind: 'due', cents: amountDueCents };
}

export type StatementStatusValue = 'due' | 'overdue' | 'paid' | 'partially_paid' | 'nothing_due';

/**
 * A statement's status on a local date (decision 044): what it asked for, what was paid against
 * it, and its due date. Nothing asked → nothing due; all of it paid → paid; some → partially
 * paid until the due date passes, then overdue; none → due, then overdue after the 15th.
 */
export function statementStatus(amountDueCents: number, paidCents: number, dueDate: LocalDate, today: LocalDate): StatementStatusValue {
  if (amountDueCents <= 0) return 'nothing_due';
  if (paidCents >= amountDueCents) return 'paid';
  if (today > dueDate) return 'overdue';
  return paidCents > 0 ? 'partially_paid' : 'due';
}
