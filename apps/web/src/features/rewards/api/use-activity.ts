import { pointsSummarySchema } from '@peakwise/contracts/events.contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { payoutsKeys } from './payouts-keys';

export const ACTIVITY_PAGE = 20;
export const ACTIVITY_CSV_PATH = '/api/points/activity.csv';

/** The member's ledger entries, newest first, a page at a time by the server's cursor. */
export function useActivity() {
  const scope = useQueryScope();
  return useInfiniteQuery({
    queryKey: payoutsKeys.activity(scope),
    queryFn: ({ pageParam }) => apiGet(`/api/points?limit=${ACTIVITY_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, pointsSummarySchema),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryTransient,
  });
}
