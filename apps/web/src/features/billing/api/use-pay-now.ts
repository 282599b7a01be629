import { paymentSchema, type CreatePayment, type Payment } from '@peakwise/contracts/payments.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { listOf } from '@/lib/list-of';
import { postIdempotent } from '@/lib/idempotent-post';
import { readServerError } from '@/lib/server-error';
import { billingKeys } from './billing-keys';

/** Why a payment was refused, as a key of `payNow.errors`. */
export type PaymentRefusal = 'insufficient_funds' | 'expired_card' | 'authentication_required' | 'declined' | 'statement_replaced' | 'generic';
const REFUSALS: readonly PaymentRefusal[] = ['insufficient_funds', 'expired_card', 'authentication_required', 'declined', 'statement_replaced'];

export class PaymentError extends Error {
  constructor(readonly refusal: PaymentRefusal) {
    super(refusal);
  }
}

const paymentsSchema = listOf(paymentSchema);

/** Waiting for the processor's webhook, or for the member to confirm with their bank (decision 055). */
const unsettled = (p: Payment) => p.status === 'pending' || p.status === 'requires_action';

/**
 * The member's payments, asked again every second while one waits for the processor's webhook
 * (every 3 seconds while one waits for the member's bank);
 * when it settles, the balance and the statements are asked again, so Paid shows without a reload.
 */
export function usePayments() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: billingKeys.payments(scope),
    queryFn: () => apiGet('/api/billing/payments', paymentsSchema),
    retry: retryTransient,
    refetchInterval: (q) => (q.state.data?.some((p) => p.status === 'pending') ? 1_000 : q.state.data?.some(unsettled) ? 3_000 : false),
  });
  const pending = query.data?.some(unsettled) ?? false;
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    wasPending.current = pending;
  }, [pending, queryClient]);
  return query;
}

/** Pays under the key the form made for this payment: a double click or a retry is the same payment. */
export function usePayNow() {
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  return useMutation({
    mutationFn: async ({ input, key }: { input: CreatePayment; key: string }): Promise<Payment> => {
      const answer = await postIdempotent('/api/billing/payments', key, input);
      if (!answer) throw new PaymentError('generic');
      const { body } = answer;
      if (!answer.ok) {
        const code = readServerError(body).code as PaymentRefusal | undefined;
        throw new PaymentError(code && REFUSALS.includes(code) ? code : 'generic');
      }
      const parsed = paymentSchema.safeParse(body);
      if (!parsed.success) throw new PaymentError('generic');
      return parsed.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.payments(scope) }),
  });
}
