import type { SolarPeriod } from '@peakwise/contracts/energy.contract';

/** The solar feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const solarKeys = {
  all: ['solar'] as const,
  summary: (scope: string, period: SolarPeriod) => ['solar', scope, 'summary', period] as const,
};
