import { upcomingEventsSchema } from '@peakwise/contracts/events.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { rewardsKeys } from './rewards-keys';

/** The events still ahead of the member's home: the way to earn the points the marketplace asks for. */
export function useUpcomingEvents() {
  const scope = useQueryScope();
  return useQuery({
    queryKey: rewardsKeys.upcoming(scope),
    queryFn: () => apiGet('/api/events/upcoming', upcomingEventsSchema),
    // An opt-in made on the event page or the Dashboard shows here when the member comes back.
    refetchOnMount: 'always',
    retry: retryTransient,
  });
}
