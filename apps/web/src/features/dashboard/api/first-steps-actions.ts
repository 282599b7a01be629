import type { FirstSteps } from '@peakwise/contracts/first-steps.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';
import { dashboardKeys } from './dashboard-keys';

// Apart from use-first-steps.ts: only the lazily loaded checklist needs them, and react-query's
// mutations are a script of their own the Dashboard's first load would otherwise fetch.

export function useDismissFirstSteps() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<FirstSteps>('POST', '/api/dashboard/first-steps/dismiss'),
    onSuccess: (steps) => queryClient.setQueryData(dashboardKeys.firstSteps(scope), steps),
  });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: () => apiJson<void>('POST', '/api/dashboard/first-steps/verification-email') });
}

/** "I already have a plug": the free-plug step ticks as skipped. */
export function useSkipFreePlug() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<FirstSteps>('POST', '/api/dashboard/first-steps/free-plug/skip'),
    onSuccess: (steps) => queryClient.setQueryData(dashboardKeys.firstSteps(scope), steps),
  });
}
