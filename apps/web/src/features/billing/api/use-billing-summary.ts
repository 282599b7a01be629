import { billingSummarySchema } from '@peakwise/contracts/billing.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** Balance, due date and the statement history (newest first, as the server sends it). */
export function useBillingSummary() {
  const scope = useQueryScope();
  return useQuery({ queryKey: billingKeys.summary(scope), queryFn: () => apiGet('/api/billing/summary', billingSummarySchema), retry: retryTransient });
}
