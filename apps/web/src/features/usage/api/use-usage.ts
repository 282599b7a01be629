import { usageHistorySchema, usageSummarySchema, type UsageRange } from '@peakwise/contracts/energy.contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { useLiveStream } from '@/lib/live';
import { usageKeys } from './usage-keys';

export const exportCsvUrl = (range: UsageRange) => `/api/usage/export.csv?range=${range}`;

/** New readings (or a reconnect) refetch the cards and the chart. */
export function useUsageLiveRefresh() {
  const queryClient = useQueryClient();
  useLiveStream({ onReadings: () => void queryClient.invalidateQueries({ queryKey: usageKeys.all }) });
}

export function useUsageSummary() {
  const scope = useQueryScope();
  return useQuery({
    queryKey: usageKeys.summary(scope),
    queryFn: () => apiGet('/api/usage/summary', usageSummarySchema),
    retry: retryTransient,
  });
}

export function useUsageHistory(range: UsageRange) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: usageKeys.history(scope, range),
    queryFn: () => apiGet(`/api/usage/history?range=${range}`, usageHistorySchema),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
