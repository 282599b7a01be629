import { nextEventSchema } from '@peakwise/contracts/events.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { usePointsSummaryQuery } from '@/lib/use-points-summary';
import { dashboardKeys } from './dashboard-keys';

// A minute is short enough that the banner turns to "happening now" soon after the start.
const EVENT_REFRESH_MS = 60_000;

/**
 * The next (or running) Energy Saving Event for the banner. The choice can also be made on the
 * event page, so coming back here always refetches rather than showing the choice from before.
 */
export function useNextEvent() {
  const scope = useQueryScope();
  return useQuery({
    queryKey: dashboardKeys.nextEvent(scope),
    queryFn: () => apiGet('/api/events/next', nextEventSchema),
    refetchOnMount: 'always',
    refetchInterval: EVENT_REFRESH_MS,
    retry: retryTransient,
  });
}

/** The same query as the Rewards page's (one source of the figures). */
export function usePointsSummary() {
  return usePointsSummaryQuery();
}
