import { homeStatusSchema } from '@peakwise/contracts/home-status.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** Where the member's home is, for the prompt to set it (decision 057). */
export function useHome() {
  const scope = useQueryScope();
  return useQuery({ queryKey: dashboardKeys.home(scope), queryFn: () => apiGet('/api/household/home', homeStatusSchema), retry: retryTransient });
}
