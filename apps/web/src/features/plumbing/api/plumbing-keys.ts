import type { PlumbingRange } from '@peakwise/contracts/plumbing.contract';

/** The plumbing feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const plumbingKeys = {
  all: ['plumbing'] as const,
  summary: (scope: string, range: PlumbingRange) => ['plumbing', scope, 'summary', range] as const,
};
