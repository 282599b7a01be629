import type { Payment } from '@peakwise/contracts/payments.contract';
import { leaveApp } from '@/lib/leave-app';
import { finishStripeAction } from '../stripe/load-stripe';

/** Where the sandbox's challenge page sends the member back: Billing, naming the payment so its status shows. */
export const challengeReturnPath = (paymentId: string) => `/app/billing?payment=${encodeURIComponent(paymentId)}`;

/**
 * Opens what the member's bank asks for (decision 055). The sandbox's challenge page opens in
 * this tab and comes back to Billing; Stripe's opens in its own dialog over this page. Resolves
 * when Stripe's dialog closes (the webhook then settles the payment); a redirect never resolves.
 */
export async function openNextAction(payment: Payment, options: { language: string; stripePublishableKey: string | null }): Promise<void> {
  const action = payment.nextAction;
  if (!action) return;
  if (action.type === 'redirect') {
    const query = new URLSearchParams({ lang: options.language.slice(0, 2), return: challengeReturnPath(payment.id) });
    // A full navigation, not a frame: the app's pages refuse to be framed, and so would a real bank's.
    leaveApp(`${action.url}?${query.toString()}`);
    return new Promise<void>(() => undefined);
  }
  if (options.stripePublishableKey) await finishStripeAction(options.stripePublishableKey, action.clientSecret);
}
