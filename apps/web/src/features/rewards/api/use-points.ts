import { pointsSummarySchema } from '@peakwise/contracts/events.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { rewardsKeys } from './rewards-keys';

/** The balance, its value and the recent ledger activity (newest first, as the server sends it). */
export function usePoints() {
  const scope = useQueryScope();
  return useQuery({ queryKey: rewardsKeys.points(scope), queryFn: () => apiGet('/api/points', pointsSummarySchema), retry: retryTransient });
}
