import type { Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js, loaded only when the Billing card form or a 3-D Secure step needs it (decision
 * 055): the dynamic import keeps it out of every other bundle, and one promise per key means the
 * script is added to the page once.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then((m) => m.loadStripe(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Finishes a PaymentIntent that needs the member's bank (3-D Secure) in Stripe's own dialog; true when Stripe took it. */
export async function finishStripeAction(publishableKey: string, clientSecret: string): Promise<boolean> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return false;
  const result = await stripe.handleNextAction({ clientSecret });
  return !result.error;
}
