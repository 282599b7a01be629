import { opsOpenAdrVtnSchema, type SetOpenAdrProgramMap } from '@peakwise/contracts/openadr.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';
import { listOf } from '@/lib/list-of';
import { opsKeys } from './ops-keys';

const vtnsSchema = listOf(opsOpenAdrVtnSchema);
// A poll or a notification changes what the VEN knows at any time: the screen looks again each minute.
const REFRESH_MS = 60_000;

/** Each OpenADR VTN connection: its state, programs, events received and reports sent (decisions 104, 110). */
export function useOpsOpenAdr() {
  const scope = useQueryScope();
  return useQuery({ queryKey: opsKeys.openadr(scope), queryFn: () => apiGet('/api/ops/openadr', vtnsSchema), retry: retryTransient, refetchInterval: REFRESH_MS });
}

/** Which Peakwise program a VTN program's events feed (null: none). Only the mapping changes: events come at the next poll. */
export function useMapVtnProgram() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vtnId, vtnProgramId, body }: { vtnId: string; vtnProgramId: string; body: SetOpenAdrProgramMap }) =>
      apiJson('PUT', `/api/ops/openadr/${encodeURIComponent(vtnId)}/programs/${encodeURIComponent(vtnProgramId)}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.openadr(scope) }),
  });
}
