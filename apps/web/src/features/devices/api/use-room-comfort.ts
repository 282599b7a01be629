import { comfortSettingsSchema, type ComfortSettings } from '@peakwise/contracts/room-comfort.contract';
import type { ComfortLoad } from '@peakwise/domain/room-comfort';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { apiRequest } from '@/lib/api-request';
import { devicesKeys } from './devices-keys';

type Change = { kind: 'room'; roomId: string; floorC: number; ceilingC: number; preheat: boolean } | { kind: 'plug'; deviceId: string; load: ComfortLoad | null };

/** A refused change, with the problems the server named (each detail's path is one). */
export class ComfortRefusal extends Error {
  constructor(readonly problems: string[]) {
    super('The comfort change was refused');
  }
}

function problemsOf(body: unknown): string[] {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  return Array.isArray(details) ? details.map((d: { path?: unknown }) => (typeof d.path === 'string' ? d.path : '')).filter(Boolean) : [];
}

/** Saves a room's limits or a plug's load; the answer is the whole section again. */
export function useSaveComfort() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<ComfortSettings> => {
      const res =
        change.kind === 'room'
          ? await apiRequest('PUT', `/api/comfort/rooms/${encodeURIComponent(change.roomId)}`, { floorC: change.floorC, ceilingC: change.ceilingC, preheat: change.preheat })
          : await apiRequest('PUT', `/api/comfort/plugs/${encodeURIComponent(change.deviceId)}`, { load: change.load });
      if (!res.ok) throw new ComfortRefusal(problemsOf(res.body));
      return comfortSettingsSchema.parse(res.body);
    },
    onSuccess: (saved) => queryClient.setQueryData(devicesKeys.comfort(scope), saved),
  });
}
