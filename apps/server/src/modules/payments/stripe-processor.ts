import Stripe from 'stripe';
import { CARD_BRANDS, type CardToken } from '@peakwise/contracts/payments.contract';
import type { DeclineCode, PaymentProcessor, ProcessorEvent } from './payment-processor';

/** Stripe's signature header on its webhooks. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Where the SDK sends its requests: api.stripe.com unless a test stands a local server in for it. */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

const brandOf = (brand: string | undefined): CardToken['brand'] => (CARD_BRANDS as readonly string[]).includes(brand ?? '') ? (brand as CardToken['brand']) : 'unknown';

function declineOf(error: unknown): DeclineCode | null {
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  const codes = [error.decline_code, error.code];
  if (codes.includes('insufficient_funds')) return 'insufficient_funds';
  if (codes.includes('expired_card')) return 'expired_card';
  if (codes.includes('authentication_required')) return 'authentication_required';
  return 'declined';
}

/**
 * Stripe (decision 048), through the official SDK: a token is a PaymentMethod id from Stripe
 * Elements; a charge is a PaymentIntent confirmed at once under our idempotency key; webhooks
 * are verified with the endpoint's signing secret. A PaymentIntent that needs the member's
 * bank to authenticate waits for the browser to finish it (decision 055); off-session it is a decline.
 */
export function createStripeProcessor(options: { secretKey: string; webhookSecret: string; endpoint?: StripeEndpoint }): PaymentProcessor {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(options.endpoint ?? {}) });
  return {
    name: 'stripe',
    async card(_db, token) {
      try {
        const method = await stripe.paymentMethods.retrieve(token);
        if (!method.card) return null;
        return { brand: brandOf(method.card.brand), last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },
    async charge(_db, request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'cad',
            payment_method: request.token,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { paymentId: request.paymentId },
            // Auto-pay: Stripe then answers a card that needs authentication with a card error, not requires_action.
            ...(request.offSession ? { off_session: true } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'requires_payment_method') return { outcome: 'declined', code: 'declined' };
        if (intent.status === 'requires_action') {
          // 3-D Secure (decision 055): the browser finishes it with stripe.handleNextAction and the client secret.
          if (request.offSession || !intent.client_secret) return { outcome: 'declined', code: 'authentication_required' };
          return { outcome: 'requires_action', reference: intent.id, nextAction: { type: 'stripe', clientSecret: intent.client_secret } };
        }
        return { outcome: 'processing', reference: intent.id };
      } catch (error) {
        const code = declineOf(error);
        if (code) return { outcome: 'declined', code };
        throw error;
      }
    },
    async detach(_db, token) {
      try {
        await stripe.paymentMethods.detach(token);
      } catch (error) {
        // Already detached, or never attached to a customer: nothing is left to charge.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    verifyWebhook(rawBody, signature, now) {
      if (!signature) return null;
      // The signed timestamp against our own clock, as the sandbox does; the SDK checks the signature.
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
      if (!Number.isFinite(signedAt) || Math.abs(now.getTime() / 1000 - signedAt) > WEBHOOK_TOLERANCE_SECONDS) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, Math.floor(now.getTime() / 1000));
      } catch {
        return null;
      }
      if (event.type === 'payment_intent.succeeded') return { id: event.id, reference: event.data.object.id, outcome: 'succeeded', code: null } satisfies ProcessorEvent;
      if (event.type === 'payment_intent.payment_failed') {
        const error = event.data.object.last_payment_error;
        const code = error?.decline_code ?? error?.code;
        const known: DeclineCode = code === 'insufficient_funds' || code === 'expired_card' || code === 'authentication_required' ? code : 'declined';
        return { id: event.id, reference: event.data.object.id, outcome: 'failed', code: known };
      }
      // Signed, but not an event Peakwise acts on: acknowledged so Stripe does not retry it.
      return 'ignored';
    },
  };
}
