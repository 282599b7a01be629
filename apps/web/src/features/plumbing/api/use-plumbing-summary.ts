import { plumbingSummarySchema, type PlumbingRange } from '@peakwise/contracts/plumbing.contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { useLiveStream } from '@/lib/live';
import { plumbingKeys } from './plumbing-keys';

export const getPlumbingSummary = (range: PlumbingRange) => apiGet(`/api/plumbing?range=${range}`, plumbingSummarySchema);

/**
 * The one plumbing fetch the whole screen shares. Switching range keeps the previous numbers on
 * screen (dimmed) until the new ones arrive; new readings on the live stream refetch.
 */
export function usePlumbingSummary(range: PlumbingRange) {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  useLiveStream({ onReadings: () => void queryClient.invalidateQueries({ queryKey: plumbingKeys.all }) });
  return useQuery({
    queryKey: plumbingKeys.summary(scope, range),
    queryFn: () => getPlumbingSummary(range),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
