import type { DashboardPeriod } from '@peakwise/contracts/energy.contract';

/** The dashboard feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: (scope: string) => ['dashboard', scope, 'summary'] as const,
  usage: (scope: string, period: DashboardPeriod) => ['dashboard', scope, 'usage', period] as const,
  alerts: (scope: string) => ['dashboard', scope, 'alerts'] as const,
  // Outside `all`: new readings (which refetch `all`) do not change the next event. The points
  // are lib/use-points-summary's query, shared with the Rewards page.
  nextEvent: (scope: string) => ['dashboard-events', scope, 'next-event'] as const,
  // Outside `all` too: readings do not move the home.
  home: (scope: string) => ['dashboard-home', scope] as const,
  // Outside `all` too: readings arriving do not tick a step often enough to refetch for each.
  firstSteps: (scope: string) => ['dashboard-first-steps', scope] as const,
};
