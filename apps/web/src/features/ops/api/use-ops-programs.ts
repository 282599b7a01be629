import { programSchema, type Program, type ProgramInput, type ProgramUpdate } from '@peakwise/contracts/event-programs.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsRequest } from '../ops-error';
import { opsKeys } from './ops-keys';

const programPath = (id: string) => `/api/ops/programs/${encodeURIComponent(id)}`;
const parse = (body: unknown): Program => programSchema.parse(body);

/** Create or change a program; the console's lists (programs and events) are read again either way. */
export function useSaveProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: ProgramInput | ProgramUpdate }) =>
      parse(id ? await opsRequest('PATCH', programPath(id), input) : await opsRequest('POST', '/api/ops/programs', input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
