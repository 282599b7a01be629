import type { DashboardPeriod } from '@peakwise/contracts/energy.contract';

/** The dashboard feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: (scope: string) => ['dashboard', scope, 'summary'] as const,
  usage: (scope: string, period: DashboardPeriod) => ['dashboard', scope, 'usage', period] as const,
  alerts: (scope: string) => ['dashboard', scope, 'alerts'] as const,
};
