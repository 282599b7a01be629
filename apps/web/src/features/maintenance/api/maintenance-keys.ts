import type { MaintenanceRange } from '@peakwise/contracts/maintenance.contract';

/** The maintenance feature's only source of query keys (STYLE habit 3). */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  overview: (scope: string, range: MaintenanceRange) => ['maintenance', scope, 'overview', range] as const,
};
