import { opsCashOutSchema } from '@peakwise/contracts/cash-outs.contract';
import { opsLedgerSchema, opsMemberSchema, type Adjustment } from '@peakwise/contracts/points-ledger.contract';
import { prizeDrawSchema, type PrizeDraw } from '@peakwise/contracts/prize-draws.contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope, type Schema } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';
import { listOf } from '@/lib/list-of';
import { opsPayoutsKeys } from './ops-payouts-keys';

export type CashOutFilter = 'held' | 'pending' | 'sent' | 'failed';

const cashOutsSchema = listOf(opsCashOutSchema);
const membersSchema = listOf(opsMemberSchema);
const drawWithWinner: Schema<PrizeDraw & { winnerHouseholdId: string | null }> = {
  safeParse(value: unknown) {
    const parsed = prizeDrawSchema.safeParse(value);
    const winner = value && typeof value === 'object' ? (value as { winnerHouseholdId?: unknown }).winnerHouseholdId : undefined;
    if (!parsed.success || (winner !== null && typeof winner !== 'string')) return { success: false };
    return { success: true, data: { ...parsed.data, winnerHouseholdId: winner } };
  },
};
const drawsSchema = listOf(drawWithWinner);

export function useOpsCashOuts(status: CashOutFilter) {
  const scope = useQueryScope();
  return useQuery({ queryKey: opsPayoutsKeys.cashOuts(scope, status), queryFn: () => apiGet(`/api/ops/cash-outs?status=${status}`, cashOutsSchema), retry: retryTransient });
}

/** Approve or reject a held cash-out; every list refetches after. */
export function useReviewCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string }) => {
      const path = `/api/ops/cash-outs/${encodeURIComponent(input.id)}/${input.decision}`;
      await apiJson('POST', path, input.decision === 'reject' ? { reason: input.reason } : undefined);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsPayoutsKeys.all }),
  });
}

export function useMemberSearch(email: string) {
  const scope = useQueryScope();
  return useQuery({
    queryKey: opsPayoutsKeys.members(scope, email),
    queryFn: () => apiGet(`/api/ops/members?email=${encodeURIComponent(email)}`, membersSchema),
    enabled: email.length >= 3,
    retry: retryTransient,
  });
}

export function useMemberLedger(householdId: string | null) {
  const scope = useQueryScope();
  return useInfiniteQuery({
    queryKey: opsPayoutsKeys.ledger(scope, householdId ?? ''),
    queryFn: ({ pageParam }) => apiGet(`/api/ops/households/${encodeURIComponent(householdId ?? '')}/ledger?limit=50${pageParam ? `&cursor=${pageParam}` : ''}`, opsLedgerSchema),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: householdId !== null,
    retry: retryTransient,
  });
}

export function useAdjustPoints(householdId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Adjustment) => apiJson('POST', `/api/ops/households/${encodeURIComponent(householdId)}/adjustments`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsPayoutsKeys.all }),
  });
}

export function useOpsPrizeDraws() {
  const scope = useQueryScope();
  return useQuery({ queryKey: opsPayoutsKeys.draws(scope), queryFn: () => apiGet('/api/ops/prize-draws', drawsSchema), retry: retryTransient });
}
