import { deviceHistorySchema, devicesOverviewSchema, type DeviceHistoryRange } from '@peakwise/contracts/devices.contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { useLiveStream } from '@/lib/live';
import { devicesKeys } from './devices-keys';

/** Cards, floor plan and table share this one fetch; each new 5-minute reading refetches it. */
export function useDevicesOverview() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  useLiveStream({ onReadings: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.all }) });
  return useQuery({ queryKey: devicesKeys.overview(scope), queryFn: () => apiGet('/api/devices', devicesOverviewSchema), retry: retryTransient });
}

export function useDeviceHistory(deviceId: string, range: DeviceHistoryRange) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: devicesKeys.history(scope, deviceId, range),
    queryFn: () => apiGet(`/api/devices/${encodeURIComponent(deviceId)}/history?range=${range}`, deviceHistorySchema),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
