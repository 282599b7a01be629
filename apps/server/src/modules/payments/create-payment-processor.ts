import type { Config } from '../../lib/config';
import type { PaymentProcessor } from './payment-processor';
import { createSandboxProcessor } from './sandbox-processor';
import { createStripeProcessor } from './stripe-processor';

/** Stripe when STRIPE_SECRET_KEY is set, the embedded sandbox otherwise (decision 048). */
export function createPaymentProcessor(config: Config): PaymentProcessor {
  const stripe = config.payments.stripe;
  return stripe ? createStripeProcessor({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret }) : createSandboxProcessor({ webhookSecret: config.payments.sandboxWebhookSecret, challengeExpiryMs: config.payments.challengeExpiryMinutes * 60_000 });
}
