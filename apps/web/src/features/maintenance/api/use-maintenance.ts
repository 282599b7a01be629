import { maintenanceOverviewSchema, type MaintenanceRange } from '@peakwise/contracts/maintenance.contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { useLiveStream } from '@/lib/live';
import { maintenanceKeys } from './maintenance-keys';

export const getMaintenanceOverview = (range: MaintenanceRange) => apiGet(`/api/maintenance?range=${range}`, maintenanceOverviewSchema);

/**
 * The one maintenance fetch the whole screen shares. Switching range keeps the previous numbers
 * on screen until the new ones arrive. New readings refetch it, except while `holdLive` is set
 * (a dialog is open): the refetch waits until it closes, so the list behind the dialog does not
 * shift or lose the row the member is acting on.
 */
export function useMaintenanceOverview(range: MaintenanceRange, { holdLive = false }: { holdLive?: boolean } = {}) {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  const held = useRef(holdLive);
  const missed = useRef(false);
  useEffect(() => {
    held.current = holdLive;
    if (!holdLive && missed.current) {
      missed.current = false;
      void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
    }
  }, [holdLive, queryClient]);
  useLiveStream({
    onReadings: () => {
      if (held.current) missed.current = true;
      else void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
    },
  });
  return useQuery({
    queryKey: maintenanceKeys.overview(scope, range),
    queryFn: () => getMaintenanceOverview(range),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
