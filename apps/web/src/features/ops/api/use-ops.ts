import { opsEventImpactSchema } from '@peakwise/contracts/event-holdout.contract';
import { opsProgramSchema } from '@peakwise/contracts/event-programs.contract';
import { opsEventSchema, opsLiveEventSchema, type EditEvent, type ScheduleEvent } from '@peakwise/contracts/events.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope, type Schema } from '@/lib/api-client';
import { listOf } from '@/lib/list-of';
import { opsRequest } from '../ops-error';
import { opsKeys } from './ops-keys';

const reachSchema: Schema<{ households: number }> = {
  safeParse: (value: unknown) => {
    const households = value && typeof value === 'object' ? (value as { households?: unknown }).households : undefined;
    return typeof households === 'number' && Number.isInteger(households) ? { success: true, data: { households } } : { success: false };
  },
};

const programsSchema = listOf(opsProgramSchema);
const eventsSchema = listOf(opsEventSchema);
const eventPath = (id: string) => `/api/ops/events/${encodeURIComponent(id)}`;

/** Programs with their reach. Also the console's door: a member gets 404 here (app/ops). */
export function useOpsPrograms() {
  const scope = useQueryScope();
  return useQuery({ queryKey: opsKeys.programs(scope), queryFn: () => apiGet('/api/ops/programs', programsSchema), retry: retryTransient });
}

/** How many households an event of this program would reach now, asked fresh for the chosen one. */
export function useProgramReach(programId: string) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: opsKeys.reach(scope, programId),
    queryFn: () => apiGet(`/api/ops/programs/${encodeURIComponent(programId)}/reach`, reachSchema),
    enabled: programId !== '',
    retry: retryTransient,
  });
}

// Statuses move on their own (an event starts, ends, is settled): the list looks again each minute.
const EVENTS_REFRESH_MS = 60_000;
/** An operator watching a running event sees new readings within this. */
export const LIVE_REFRESH_MS = 15_000;

export function useOpsEvents() {
  const scope = useQueryScope();
  return useQuery({ queryKey: opsKeys.events(scope), queryFn: () => apiGet('/api/ops/events', eventsSchema), retry: retryTransient, refetchInterval: EVENTS_REFRESH_MS });
}

/** A running event's participation and summed baseline against actual kW, refreshed while it is shown. */
export function useOpsLiveEvent(eventId: string) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: opsKeys.live(scope, eventId),
    queryFn: () => apiGet(`${eventPath(eventId)}/live`, opsLiveEventSchema),
    refetchInterval: LIVE_REFRESH_MS,
    retry: retryTransient,
  });
}

/** A settled event's impact measured against its hold-out (decision 100), asked when shown. */
export function useOpsEventImpact(eventId: string) {
  const scope = useQueryScope();
  return useQuery({ queryKey: opsKeys.impact(scope, eventId), queryFn: () => apiGet(`${eventPath(eventId)}/impact`, opsEventImpactSchema), enabled: eventId !== '', retry: retryTransient });
}

/** Every change moves the list's counts and statuses, so each one refetches the console's data. */
function useInvalidateOps() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: opsKeys.all });
}

export function useScheduleEvent() {
  const invalidate = useInvalidateOps();
  return useMutation({
    mutationFn: async (input: ScheduleEvent) => (await opsRequest('POST', '/api/ops/events', input)) as { id: string },
    onSettled: invalidate,
  });
}

export function useEditEvent() {
  const invalidate = useInvalidateOps();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: EditEvent }) => {
      await opsRequest('PATCH', eventPath(id), changes);
    },
    onSettled: invalidate,
  });
}

export function useCancelEvent() {
  const invalidate = useInvalidateOps();
  return useMutation({
    mutationFn: async (id: string) => {
      await opsRequest('POST', `${eventPath(id)}/cancel`);
    },
    onSettled: invalidate,
  });
}
