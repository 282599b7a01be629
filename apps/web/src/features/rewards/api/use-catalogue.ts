import { catalogueSchema } from '@peakwise/contracts/rewards.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { rewardsKeys } from './rewards-keys';

/** Active rewards, cheapest first, with their text in every language. */
export function useCatalogue() {
  const scope = useQueryScope();
  return useQuery({ queryKey: rewardsKeys.catalogue(scope), queryFn: () => apiGet('/api/rewards/catalogue', catalogueSchema), retry: retryTransient });
}
