import { plugSwitchResultSchema, type PlugSwitchResult } from '@peakwise/contracts/plug.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-request';
import { devicesKeys } from './devices-keys';

async function postSwitch(deviceId: string, on: boolean): Promise<PlugSwitchResult> {
  return plugSwitchResultSchema.parse(await apiJson('POST', `/api/devices/${encodeURIComponent(deviceId)}/switch`, { on }));
}

/**
 * On/off for one plug. The server answers only once the plug itself has reported the new state
 * (or gave up waiting), so success means the plug really switched; either way the device list is
 * refetched to show what the plug last reported.
 */
export function usePlugSwitch(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => postSwitch(deviceId, on),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}
