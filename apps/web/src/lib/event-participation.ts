import { memberEventSchema, type MemberEvent } from '@peakwise/contracts/events.contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiJson } from './api-request';

/** What the dashboard's next-event query and the event page's detail query both hold. */
type WithEvent = { event: MemberEvent | null };

async function putParticipation(eventId: string, optedIn: boolean): Promise<MemberEvent> {
  return memberEventSchema.parse(await apiJson('PUT', `/api/events/${encodeURIComponent(eventId)}/participation`, { optedIn }));
}

const withChoice = <T extends WithEvent>(data: T | undefined, eventId: string, patch: Partial<MemberEvent>): T | undefined =>
  data?.event?.id === eventId ? { ...data, event: { ...data.event, ...patch } } : data;

/**
 * Opting in or out of an event, shown at once: the cached event under `queryKey` flips before
 * the server answers, goes back if the server refuses (the event started or was cancelled), and
 * takes the server's view when it accepts. The caller passes its own feature's key, so each
 * feature keeps its keys to itself.
 */
export function useEventParticipation(eventId: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optedIn: boolean) => putParticipation(eventId, optedIn),
    onMutate: async (optedIn) => {
      // A fetch still under way would land after the flip and undo it.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<WithEvent>(queryKey);
      queryClient.setQueryData<WithEvent>(queryKey, (data) => withChoice(data, eventId, { optedIn }));
      return { previous };
    },
    onError: (_error, _optedIn, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (event) => {
      queryClient.setQueryData<WithEvent>(queryKey, (data) => withChoice(data, eventId, event));
    },
    // A refusal means the event moved on (started, cancelled): fetch what it is now.
    onSettled: (_event, error) => (error ? queryClient.invalidateQueries({ queryKey }) : undefined),
  });
}
