import type { z } from 'zod';
import type { IngestRejectionReason } from '@peakwise/contracts/ingest.contract';

/** "NaN", "Infinity", "-inf": a sender trying to smuggle a non-number through JSON. */
const NON_FINITE_TEXT = /^\s*[+-]?(nan|inf|infinity)\s*$/i;

function reasonOfIssue(issue: z.core.$ZodIssue): IngestRejectionReason {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') {
        // zod reports NaN and ±Infinity as invalid numbers; `received` names them.
        const received = (issue as { received?: unknown }).received;
        if (received === 'NaN' || received === 'Infinity') return 'not_finite';
        if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) return 'not_finite';
        if (typeof issue.input === 'string' && NON_FINITE_TEXT.test(issue.input)) return 'not_finite';
      }
      return 'invalid_payload';
    case 'too_small':
      return issue.origin === 'number' && issue.minimum === 0 ? 'negative' : 'invalid_payload';
    case 'too_big':
      return issue.origin === 'number' ? 'too_large' : 'invalid_payload';
    default:
      return 'invalid_payload';
  }
}

/** Precedence when one reading breaks several rules: the most specific reason wins. */
const PRECEDENCE: IngestRejectionReason[] = ['not_finite', 'negative', 'too_large', 'invalid_payload'];

/**
 * Maps zod issues to one stable ingest reason. Parse with `{ reportInput: true }` so string
 * inputs such as "NaN" can be recognised.
 */
export function reasonFromIssues(issues: readonly z.core.$ZodIssue[]): { reason: IngestRejectionReason; detail: string } {
  let best: { reason: IngestRejectionReason; detail: string } | null = null;
  for (const issue of issues) {
    const reason = reasonOfIssue(issue);
    if (best === null || PRECEDENCE.indexOf(reason) < PRECEDENCE.indexOf(best.reason)) {
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      best = { reason, detail: `${where}${issue.message}` };
    }
  }
  return best ?? { reason: 'invalid_payload', detail: 'Invalid input' };
}
