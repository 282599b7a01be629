import { pairedDeviceSchema, type PairedDevice } from '@peakwise/contracts/device-management.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';
import { dashboardKeys } from './dashboard-keys';

/**
 * Pairs the Peakwise plug (a Shelly Gen2 plug, decision 094) with nothing asked: Peakwise gives it
 * its id, the name is the member's language's "Smart plug". Loaded with the connect dialog only.
 */
export function useConnectPlug() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<PairedDevice> =>
      pairedDeviceSchema.parse(await apiJson('POST', '/api/devices', { name, kind: 'smart_plug', family: 'shellyPlug' })),
    // The plug is a device now: the checklist's step and Active Devices follow.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.firstSteps(scope) }),
  });
}
