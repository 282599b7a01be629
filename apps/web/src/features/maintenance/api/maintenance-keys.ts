import type { MaintenanceRange } from '@peakwise/contracts/maintenance.contract';

/** The maintenance feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  overview: (scope: string, range: MaintenanceRange) => ['maintenance', scope, 'overview', range] as const,
};
