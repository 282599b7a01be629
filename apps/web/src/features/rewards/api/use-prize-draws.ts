import { prizeDrawsSchema } from '@peakwise/contracts/prize-draws.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { payoutsKeys } from './payouts-keys';

export function usePrizeDraws() {
  const scope = useQueryScope();
  return useQuery({ queryKey: payoutsKeys.prizeDraws(scope), queryFn: () => apiGet('/api/prize-draws', prizeDrawsSchema), retry: retryTransient });
}
