import { eventPlugActionsSchema } from '@peakwise/contracts/event-automation.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { eventsKeys } from './events-keys';

// Plugs switch at the start and the end; a running event's list is looked at again each minute.
const LIVE_REFRESH_MS = 60_000;

/** What plug automation did to the member's plugs in this event (decision 037). */
export function useEventPlugActions(eventId: string, live: boolean) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: eventsKeys.plugActions(scope, eventId),
    queryFn: () => apiGet(`/api/events/${encodeURIComponent(eventId)}/plug-actions`, eventPlugActionsSchema),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
    retry: retryTransient,
  });
}
