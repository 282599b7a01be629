import { firstStepsSchema, type FirstSteps } from '@peakwise/contracts/first-steps.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/**
 * The first-steps checklist. Its steps are done elsewhere (Settings, Devices, the email's link),
 * so coming back here always refetches rather than showing the ticks from before.
 */
export function useFirstSteps() {
  const scope = useQueryScope();
  return useQuery({
    queryKey: dashboardKeys.firstSteps(scope),
    queryFn: () => apiGet('/api/dashboard/first-steps', firstStepsSchema),
    refetchOnMount: 'always',
    retry: retryTransient,
  });
}

/** Whether the checklist shows: not closed by the member, and a step left to do. */
export const showsFirstSteps = (steps: FirstSteps | undefined) => steps !== undefined && !steps.dismissed && steps.steps.some((s) => !s.done);
