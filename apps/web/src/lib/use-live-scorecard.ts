import { liveScorecardSchema, type LiveScorecard, type MemberEvent } from '@peakwise/contracts/events.contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet, retryTransient, useQueryScope } from './api-client';
import { sharedLiveConnection, useLiveStream } from './live';

// The stream pushes each new reading; this catches up after a dropped connection.
const FALLBACK_REFRESH_MS = 60_000;

export const liveScorecardKey = (scope: string, eventId: string) => ['events', scope, 'scorecard', eventId] as const;

/** Whether a home has live figures for this event: it opted in, the event has started and is not settled or cancelled. */
export function hasLiveScorecard(event: MemberEvent, now = Date.now()): boolean {
  if (!event.optedIn || event.status === 'cancelled' || event.status === 'settled') return false;
  return event.status === 'active' || event.status === 'ended' || now >= Date.parse(event.startsAt);
}

/**
 * The member's provisional figures for a running event (decision 038): fetched once, then
 * replaced by each `scorecard` the live stream pushes for this event.
 */
export function useLiveScorecard(event: MemberEvent) {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  const enabled = hasLiveScorecard(event);
  const key = liveScorecardKey(scope, event.id);
  useLiveStream();
  useEffect(() => {
    const connection = sharedLiveConnection();
    if (!connection || !enabled) return;
    return connection.onScorecard((card: LiveScorecard) => {
      if (card.eventId === event.id) queryClient.setQueryData(liveScorecardKey(scope, event.id), card);
    });
  }, [enabled, event.id, queryClient, scope]);
  return useQuery({
    queryKey: key,
    queryFn: () => apiGet(`/api/events/${encodeURIComponent(event.id)}/scorecard`, liveScorecardSchema),
    enabled,
    refetchInterval: FALLBACK_REFRESH_MS,
    retry: retryTransient,
  });
}
