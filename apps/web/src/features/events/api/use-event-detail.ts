import { memberEventDetailSchema } from '@peakwise/contracts/events.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { eventsKeys } from './events-keys';

// While an event can still change (opt-in closing, running, being settled), look again each minute.
const LIVE_REFRESH_MS = 60_000;

/**
 * One event with the member's result. The choice can also be made on the Dashboard banner, so
 * opening the page always refetches rather than showing the choice from before.
 */
export function useEventDetail(eventId: string) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: eventsKeys.detail(scope, eventId),
    queryFn: () => apiGet(`/api/events/${encodeURIComponent(eventId)}`, memberEventDetailSchema),
    refetchOnMount: 'always',
    refetchInterval: (query) => {
      const status = query.state.data?.event.status;
      return status === 'scheduled' || status === 'active' || status === 'ended' ? LIVE_REFRESH_MS : false;
    },
    retry: retryTransient,
  });
}
