import { describe, expect, it } from 'vitest';
import { amountDueWording, statementStatus } from './billing-status';

describe('statementStatus', () => {
  it('is due until the end of the due date, then overdue', () => {
    expect(statementStatus(8085, 0, '2025-12-15', '2025-12-01')).toBe('due');
    expect(statementStatus(8085, 0, '2025-12-15', '2025-12-15')).toBe('due');
    expect(statementStatus(8085, 0, '2025-12-15', '2025-12-16')).toBe('overdue');
  });

  it('owes nothing when the statement is zero or a credit', () => {
    expect(statementStatus(0, 0, '2025-12-15', '2026-01-20')).toBe('nothing_due');
    expect(statementStatus(-7825, 0, '2025-12-15', '2026-01-20')).toBe('nothing_due');
  });

  it('follows payments: partial, then whole', () => {
    expect(statementStatus(8085, 1000, '2025-12-15', '2025-12-10')).toBe('partially_paid');
    expect(statementStatus(8085, 1000, '2025-12-15', '2025-12-16')).toBe('overdue');
    expect(statementStatus(8085, 8085, '2025-12-15', '2025-12-16')).toBe('paid');
    expect(statementStatus(8085, 9000, '2025-12-15', '2025-12-10')).toBe('paid');
  });
});

describe('amountDueWording', () => {
  it('reads a negative amount due as a credit of its size, never a negative amount due', () => {
    expect(amountDueWording(-3927)).toEqual({ kind: 'credit', cents: 3927 });
    expect(amountDueWording(3927)).toEqual({ kind: 'due', cents: 3927 });
    expect(amountDueWording(0)).toEqual({ kind: 'due', cents: 0 });
  });
});
