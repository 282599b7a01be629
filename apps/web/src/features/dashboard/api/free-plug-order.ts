import { firstStepsSchema, type FirstSteps } from '@peakwise/contracts/first-steps.contract';
import type { OrderFreePlug } from '@peakwise/contracts/free-plug-order.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { postIdempotent } from '@/lib/idempotent-post';
import { fieldDetailsOf, readServerError, type FieldDetail } from '@/lib/server-error';
import { dashboardKeys } from './dashboard-keys';

/** A refused free-plug order with what the server said (status 0: no answer came back). */
export class FreePlugOrderError extends Error {
  override readonly name = 'FreePlugOrderError';
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly details: FieldDetail[],
  ) {
    super(serverMessage ?? `Order failed with status ${status}`);
  }
}

/**
 * POST /api/dashboard/first-steps/free-plug with the dialog's Idempotency-Key: a retry after a
 * lost answer or a second click answers the first order. Its own module, loaded with the order
 * dialog only (the Dashboard's first-load budget, decision 058).
 */
async function postFreePlug(key: string, input: OrderFreePlug): Promise<FirstSteps> {
  const answer = await postIdempotent('/api/dashboard/first-steps/free-plug', key, input);
  if (!answer) throw new FreePlugOrderError(0, undefined, []);
  const { status, body } = answer;
  if (!answer.ok) throw new FreePlugOrderError(status, readServerError(body).message, fieldDetailsOf(body));
  const parsed = firstStepsSchema.safeParse(body);
  if (!parsed.success) throw new FreePlugOrderError(status, undefined, []);
  return parsed.data;
}

export function useOrderFreePlug() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: string; input: OrderFreePlug }) => postFreePlug(key, input),
    onSuccess: (steps) => {
      queryClient.setQueryData(dashboardKeys.firstSteps(scope), steps);
      // A home without a postal code took the shipping one: "Where is your home?" goes.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.home(scope) });
    },
  });
}
