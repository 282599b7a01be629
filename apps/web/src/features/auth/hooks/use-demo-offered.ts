import { publicConfigSchema } from '@peakwise/contracts/public-config.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient } from '@/lib/api-client';

/**
 * Whether this server offers the shared demo (decision 082). Asked when the login panel opens,
 * never before the first paint of a public page (decision 070); it does not change while the
 * server runs.
 */
export function useDemoOffered() {
  return useQuery({ queryKey: ['public-config'], queryFn: () => apiGet('/api/public-config', publicConfigSchema), retry: retryTransient, staleTime: Infinity, select: (config) => config.demoAccount });
}
