import { createRoute } from '@hono/zod-openapi';
import { paymentsConfigSchema, type PaymentsConfig } from '@peakwise/contracts/payments.contract';
import { createRouter } from '../../lib/create-router';
import type { ProcessorName } from './payment-processor';

/**
 * What the browser needs to take a card (decision 055): the sandbox's own form, or Stripe
 * Elements with the publishable key (public by design: it can only create PaymentMethods).
 */
export function createPaymentsConfigRoutes(deps: { processor: { name: ProcessorName }; stripePublishableKey: string | undefined }) {
  const config = createRoute({
    method: 'get',
    path: '/api/payments/config',
    tags: ['billing'],
    summary: 'Which card processor the browser talks to, and Stripe’s publishable key when it is Stripe',
    responses: { 200: { description: 'Processor', content: { 'application/json': { schema: paymentsConfigSchema } } } },
  });
  const body: PaymentsConfig = deps.processor.name === 'stripe' ? { processor: 'stripe', publishableKey: deps.stripePublishableKey ?? null } : { processor: 'sandbox' };
  return createRouter().openapi(config, (c) => c.json(body, 200));
}
