import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryTransient, useQueryScope } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';
import { billingKeys } from './billing-keys';

type Autopay = { enabled: boolean };

/** The auto-pay toggle, kept on the server (decision 048). */
export function useAutopay() {
  const scope = useQueryScope();
  return useQuery({ queryKey: billingKeys.autopay(scope), queryFn: () => apiJson<Autopay>('GET', '/api/billing/autopay'), retry: retryTransient });
}

export function useSetAutopay() {
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  return useMutation({
    mutationFn: (enabled: boolean) => apiJson<Autopay>('PUT', '/api/billing/autopay', { enabled }),
    onSuccess: (data) => queryClient.setQueryData(billingKeys.autopay(scope), data),
  });
}
