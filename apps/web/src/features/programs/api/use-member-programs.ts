import { memberProgramsSchema, type MemberPrograms } from '@peakwise/contracts/event-programs.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';

const key = (scope: string) => ['member-programs', scope] as const;

/** The programs covering the member's home, or why there are none (decision 103). */
export function useMemberPrograms() {
  const scope = useQueryScope();
  return useQuery({ queryKey: key(scope), queryFn: () => apiGet('/api/programs', memberProgramsSchema), retry: retryTransient });
}

/** "Tell me when one starts": the answer is the page's data again. */
export function useProgramStartNotice() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notify: boolean) => apiJson<MemberPrograms>('PUT', '/api/programs/start-notice', { notify }),
    onSuccess: (data) => queryClient.setQueryData(key(scope), data),
  });
}
