import { paymentsConfigSchema } from '@peakwise/contracts/payments.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** Which processor takes cards (decision 055): the sandbox's form, or Stripe Elements. It does not change while the server runs. */
export function usePaymentsConfig() {
  return useQuery({ queryKey: billingKeys.paymentsConfig, queryFn: () => apiGet('/api/payments/config', paymentsConfigSchema), retry: retryTransient, staleTime: Infinity });
}
