import { pointsSummarySchema } from '@peakwise/contracts/events.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from './api-client';

/**
 * The member's points from the ledger: one query, one key, shared by the Rewards page and the
 * Dashboard's card, so a redemption that refreshes it refreshes both.
 */
export const pointsSummaryKey = (scope: string) => ['points-summary', scope] as const;

export function usePointsSummaryQuery() {
  const scope = useQueryScope();
  return useQuery({ queryKey: pointsSummaryKey(scope), queryFn: () => apiGet('/api/points', pointsSummarySchema), retry: retryTransient });
}
