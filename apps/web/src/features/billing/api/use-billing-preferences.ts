import { billingPreferencesSchema } from '@peakwise/contracts/billing-preferences.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** Bill reminders on or off, and the lead days (decision 049). */
export function useBillingPreferences() {
  const scope = useQueryScope();
  return useQuery({ queryKey: billingKeys.preferences(scope), queryFn: () => apiGet('/api/billing/preferences', billingPreferencesSchema), retry: retryTransient });
}
