import { rewardOrdersSchema } from '@peakwise/contracts/rewards.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { rewardsKeys } from './rewards-keys';

/** The member's own orders, newest first, with codes and fulfilment status. */
export function useOrders() {
  const scope = useQueryScope();
  return useQuery({ queryKey: rewardsKeys.orders(scope), queryFn: () => apiGet('/api/rewards/orders', rewardOrdersSchema), retry: retryTransient });
}
