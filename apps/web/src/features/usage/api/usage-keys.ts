import type { UsageRange } from '@peakwise/contracts/energy.contract';

/** The usage feature's only source of query keys (STYLE habit 3). */
export const usageKeys = {
  all: ['usage'] as const,
  summary: (scope: string) => ['usage', scope, 'summary'] as const,
  history: (scope: string, range: UsageRange) => ['usage', scope, 'history', range] as const,
};
