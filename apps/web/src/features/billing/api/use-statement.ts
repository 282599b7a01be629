import { statementDetailSchema } from '@peakwise/contracts/billing.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** One statement with its lines, balance, usage and last year's month. */
export function useStatement(id: string | null) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: billingKeys.statement(scope, id ?? ''),
    queryFn: () => apiGet(`/api/billing/statements/${id}`, statementDetailSchema),
    enabled: id !== null,
    retry: retryTransient,
  });
}
