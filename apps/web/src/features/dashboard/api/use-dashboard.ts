import { dashboardSchema, dashboardUsageSchema, type DashboardPeriod } from '@peakwise/contracts/energy.contract';
import { recentAlertsSchema } from '@peakwise/contracts/maintenance.contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { useLiveStream } from '@/lib/live';
import { dashboardKeys } from './dashboard-keys';

/** Opens (or joins) the live stream: power samples for the Current Usage card, readings refetch the rest. */
export function useDashboardLive() {
  const queryClient = useQueryClient();
  return useLiveStream({ onReadings: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }) });
}

/**
 * The cards and Active Devices. The live stream refetches them only while the Dashboard is open,
 * so readings that came in elsewhere (a plug paired on Devices a moment ago) would wait out the
 * cache: coming back always refetches, showing the cached answer meanwhile.
 */
export function useDashboard() {
  const scope = useQueryScope();
  return useQuery({ queryKey: dashboardKeys.summary(scope), queryFn: () => apiGet('/api/dashboard', dashboardSchema), refetchOnMount: 'always', retry: retryTransient });
}

export function useDashboardUsage(period: DashboardPeriod) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: dashboardKeys.usage(scope, period),
    queryFn: () => apiGet(`/api/dashboard/usage?period=${period}`, dashboardUsageSchema),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/**
 * The newest open alerts. Dismissing or acting on one happens on the Maintenance screen, so coming
 * back here always refetches rather than trusting a cache from before the visit.
 */
export function useRecentAlerts() {
  const scope = useQueryScope();
  return useQuery({
    queryKey: dashboardKeys.alerts(scope),
    queryFn: () => apiGet('/api/dashboard/alerts', recentAlertsSchema),
    refetchOnMount: 'always',
    retry: retryTransient,
  });
}
