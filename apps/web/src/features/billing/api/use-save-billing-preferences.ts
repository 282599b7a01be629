import type { BillingPreferences, UpdateBillingPreferences } from '@peakwise/contracts/billing-preferences.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';
import { billingKeys } from './billing-keys';

/** Saves a reminder change; the answer is the stored choice, shown at once. */
export function useSaveBillingPreferences() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateBillingPreferences) => apiJson<BillingPreferences>('PUT', '/api/billing/preferences', change),
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.preferences(scope), saved),
  });
}
