import type { UsageRange } from '@peakwise/contracts/energy.contract';

/** The usage feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const usageKeys = {
  all: ['usage'] as const,
  summary: (scope: string) => ['usage', scope, 'summary'] as const,
  history: (scope: string, range: UsageRange) => ['usage', scope, 'history', range] as const,
};
