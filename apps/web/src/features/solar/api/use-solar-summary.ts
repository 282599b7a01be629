import { solarSummarySchema, type SolarPeriod } from '@peakwise/contracts/energy.contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { useLiveStream } from '@/lib/live';
import { solarKeys } from './solar-keys';

export const getSolarSummary = (period: SolarPeriod) =>
  apiGet(`/api/solar/summary?period=${period}`, solarSummarySchema);

/**
 * The one solar fetch every card, chart and list on the screen shares. Switching period keeps the
 * previous numbers on screen (dimmed, with a spinner) until the new ones arrive; new readings on
 * the live stream refetch.
 */
export function useSolarSummary(period: SolarPeriod) {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  useLiveStream({ onReadings: () => void queryClient.invalidateQueries({ queryKey: solarKeys.all }) });
  return useQuery({
    queryKey: solarKeys.summary(scope, period),
    queryFn: () => getSolarSummary(period),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
