import { comfortSettingsSchema } from '@peakwise/contracts/room-comfort.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { eventsKeys } from './events-keys';

/** The home's rooms with their comfort limits and pre-heat choice, read before an event (decision 109). */
export function useEventComfortPlan(enabled: boolean) {
  const scope = useQueryScope();
  return useQuery({ queryKey: eventsKeys.comfortPlan(scope), queryFn: () => apiGet('/api/comfort', comfortSettingsSchema), retry: retryTransient, enabled });
}
