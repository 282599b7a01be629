import { savingsSchema } from '@peakwise/contracts/savings.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** What solar saved and events earned in one statement's period (decision 049). */
export function useSavings(statementId: string | null) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: billingKeys.savings(scope, statementId ?? ''),
    queryFn: () => apiGet(`/api/billing/statements/${statementId}/savings`, savingsSchema),
    enabled: statementId !== null,
    retry: retryTransient,
  });
}
