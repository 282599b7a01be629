import { rewardOrderSchema, type Redeem, type RewardOrder } from '@peakwise/contracts/rewards.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { readServerError } from '@/lib/server-error';
import { pointsSummaryKey } from '@/lib/use-points-summary';
import { detailsOf, type RedeemDetail } from './error-details';
import { rewardsKeys } from './rewards-keys';

/** A refused redemption with what the server said (status 0: no answer came back). */
export class RedeemError extends Error {
  override readonly name = 'RedeemError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
    readonly details: RedeemDetail[],
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
  let response: Response;
  try {
    response = await fetch('/api/rewards/orders', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(input),
    });
  } catch (thrown) {
    throw new RedeemError(0, 'network_error', thrown instanceof Error ? thrown.message : undefined, []);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { code, message } = readServerError(body);
    throw new RedeemError(response.status, code, message, detailsOf(body));
  }
  const parsed = rewardOrderSchema.safeParse(body);
  if (!parsed.success) throw new RedeemError(response.status, 'invalid_response', undefined, []);
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
