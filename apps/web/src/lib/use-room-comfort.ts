import { comfortSettingsSchema } from '@peakwise/contracts/room-comfort.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from './api-client';

/**
 * The rooms' comfort limits: one query, one key, shared by the Devices page (which saves them) and
 * the event page's comfort plan, so a saved limit shows on both. The key sits under the devices
 * feature's, so whatever refreshes the devices (new readings) refreshes the rooms' temperatures too.
 */
export const roomComfortKey = (scope: string) => ['devices', scope, 'comfort'] as const;

/** Each room's comfort limits and latest temperature, and what each plug powers (decision 109). */
export function useRoomComfort({ enabled = true }: { enabled?: boolean } = {}) {
  const scope = useQueryScope();
  return useQuery({ queryKey: roomComfortKey(scope), queryFn: () => apiGet('/api/comfort', comfortSettingsSchema), retry: retryTransient, enabled });
}
