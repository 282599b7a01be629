import { cardTokenSchema, paymentMethodSchema, type PaymentMethod, type TokenizeCard } from '@peakwise/contracts/payments.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope } from '@/lib/api-client';
import { apiJson } from '@/lib/api-request';
import { listOf } from '@/lib/list-of';
import { billingKeys } from './billing-keys';

const methodsSchema = listOf(paymentMethodSchema);

export function usePaymentMethods() {
  const scope = useQueryScope();
  return useQuery({ queryKey: billingKeys.paymentMethods(scope), queryFn: () => apiGet('/api/billing/payment-methods', methodsSchema), retry: retryTransient });
}

/**
 * Adds a card in the processor's two steps (decision 048): the card goes to the processor's
 * tokenizer, and only the token it returns comes to Peakwise's API.
 */
export function useAddCard() {
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  return useMutation({
    mutationFn: async (card: TokenizeCard): Promise<PaymentMethod> => {
      const token = cardTokenSchema.parse(await apiJson('POST', '/api/sandbox-processor/tokens', card));
      return paymentMethodSchema.parse(await apiJson('POST', '/api/billing/payment-methods', { token: token.token }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(scope) }),
  });
}

/** Saves a card Stripe Elements turned into a PaymentMethod in the browser (decision 055): only its `pm_…` id comes here. */
export function useSaveCardToken() {
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  return useMutation({
    mutationFn: async (token: string): Promise<PaymentMethod> => paymentMethodSchema.parse(await apiJson('POST', '/api/billing/payment-methods', { token })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(scope) }),
  });
}

export function useCardAction() {
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'default' | 'remove' }) =>
      action === 'default' ? apiJson('POST', `/api/billing/payment-methods/${id}/default`) : apiJson('DELETE', `/api/billing/payment-methods/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(scope) }),
  });
}
