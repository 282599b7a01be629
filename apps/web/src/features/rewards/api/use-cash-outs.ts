import { CASH_OUT_MESSAGES, cashOutRulesSchema, cashOutSchema, type CashOut, type CreateCashOut } from '@peakwise/contracts/cash-outs.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { apiRequest } from '@/lib/api-request';
import { listOf } from '@/lib/list-of';
import { isDemoSharedRefusal } from '@/lib/demo-shared-text';
import { readServerError } from '@/lib/server-error';
import { payoutsKeys } from './payouts-keys';
import { rewardsKeys } from './rewards-keys';

export function useCashOutRules() {
  const scope = useQueryScope();
  return useQuery({ queryKey: payoutsKeys.cashOutRules(scope), queryFn: () => apiGet('/api/cash-outs/rules', cashOutRulesSchema), retry: retryTransient });
}

const cashOutsSchema = listOf(cashOutSchema);

export function useCashOuts() {
  const scope = useQueryScope();
  return useQuery({ queryKey: payoutsKeys.cashOuts(scope), queryFn: () => apiGet('/api/cash-outs', cashOutsSchema), retry: retryTransient });
}

/** Why a cash-out was refused, as a key of `cashOut.errors`. */
export type CashOutRefusal = 'belowMinimum' | 'notWhole' | 'notEmail' | 'insufficient' | 'demoShared' | 'generic';

export class CashOutError extends Error {
  constructor(readonly refusal: CashOutRefusal) {
    super(refusal);
  }
}

const BY_SENTENCE: [string, CashOutRefusal][] = [
  [CASH_OUT_MESSAGES.belowMinimum, 'belowMinimum'],
  [CASH_OUT_MESSAGES.notWhole, 'notWhole'],
  [CASH_OUT_MESSAGES.notEmail, 'notEmail'],
];

function refusalOf(status: number, body: unknown): CashOutRefusal {
  if (status === 409) return 'insufficient';
  if (isDemoSharedRefusal(readServerError(body))) return 'demoShared';
  const details = (body as { error?: { details?: { message?: unknown }[] } } | null)?.error?.details ?? [];
  const sentences = [...details.map((d) => d.message), readServerError(body).message];
  return BY_SENTENCE.find(([sentence]) => sentences.includes(sentence))?.[1] ?? 'generic';
}

/**
 * Requests a cash-out under the key the form made when the member reached the confirmation, so a
 * double click or a retry after a lost answer finds the same cash-out (decision 041).
 */
export function useRequestCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCashOut): Promise<CashOut> => {
      let response;
      try {
        response = await apiRequest('POST', '/api/cash-outs', input);
      } catch {
        throw new CashOutError('generic');
      }
      if (!response.ok) throw new CashOutError(refusalOf(response.status, response.body));
      const parsed = cashOutSchema.safeParse(response.body);
      if (!parsed.success) throw new CashOutError('generic');
      return parsed.data;
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: payoutsKeys.all }), queryClient.invalidateQueries({ queryKey: rewardsKeys.all })]),
  });
}
