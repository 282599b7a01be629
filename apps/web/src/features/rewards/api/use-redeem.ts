import { rewardOrderSchema, type Redeem, type RewardOrder } from '@peakwise/contracts/rewards.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { postIdempotent } from '@/lib/idempotent-post';
import { fieldDetailsOf, readServerError, type FieldDetail } from '@/lib/server-error';
import { pointsSummaryKey } from '@/lib/use-points-summary';
import { rewardsKeys } from './rewards-keys';

/** A refused redemption with what the server said (status 0: no answer came back). */
export class RedeemError extends Error {
  override readonly name = 'RedeemError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
    readonly details: FieldDetail[],
    /** Codes a refused upload named as duplicates. */
    readonly duplicates: string[] = [],
  ) {
    super(serverMessage ?? `Redeem failed with status ${status}`);
  }
}

/**
 * POST /api/rewards/orders with the confirmation's Idempotency-Key: sending it again (a retry
 * after a lost answer, a second click) answers the first order and debits nothing.
 */
export async function postRedeem(key: string, input: Redeem): Promise<RewardOrder> {
  const answer = await postIdempotent('/api/rewards/orders', key, input);
  if (!answer) throw new RedeemError(0, 'network_error', undefined, []);
  const { status, body } = answer;
  if (!answer.ok) {
    const { code, message } = readServerError(body);
    throw new RedeemError(status, code, message, fieldDetailsOf(body));
  }
  const parsed = rewardOrderSchema.safeParse(body);
  if (!parsed.success) throw new RedeemError(status, 'invalid_response', undefined, []);
  return parsed.data;
}

/** Redeems, then refetches the points, the catalogue's stock and the orders, whatever the outcome. */
export function useRedeem() {
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  return useMutation({
    mutationFn: ({ key, input }: { key: string; input: Redeem }) => postRedeem(key, input),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: rewardsKeys.all }), queryClient.invalidateQueries({ queryKey: pointsSummaryKey(scope) })]),
  });
}
