import type { SolarPeriod } from '@peakwise/contracts/energy.contract';

/** The solar feature's only source of query keys (STYLE habit 3). */
export const solarKeys = {
  all: ['solar'] as const,
  summary: (scope: string, period: SolarPeriod) => ['solar', scope, 'summary', period] as const,
};
