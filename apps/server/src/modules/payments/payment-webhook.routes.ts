import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error } from '../../lib/create-router';
import { errorBody } from '../../lib/errors';
import { guardedBy, PAYMENT_SIGNATURE_SCHEME } from '../../lib/route-security';
import type { Mailer, RecordedEmail } from '../email/mailer';
import type { PaymentProcessor } from './payment-processor';
import { settlePayment } from './payments.service';

/**
 * The processor's webhook (decision 048): authorised by its signature over the raw body, never by
 * a cookie. A replay, or an event for a payment already settled, answers 200 and changes nothing.
 */
export function createPaymentWebhookRoutes(deps: { db: Db; clock: () => Date; processor: PaymentProcessor; signatureHeader: string; mailer?: Mailer | undefined; publicUrl: string }) {
  // Only its presence here: whether it signs this body is known once the body is read.
  const signed: MiddlewareHandler = guardedBy(
    async (c, next) => {
      if (!c.req.header(deps.signatureHeader)) return c.json(errorBody('unauthorized', `The ${deps.signatureHeader} header is missing.`), 401);
      return next();
    },
    { scheme: PAYMENT_SIGNATURE_SCHEME },
  );
  const webhook = createRoute({
    method: 'post',
    path: '/api/payments/webhook',
    tags: ['billing'],
    summary: 'The payment processor reports a charge succeeded or failed (signed)',
    middleware: [signed] as const,
    request: {
      // Read as bytes and verified against the signature before it is parsed, so not validated here.
      body: { required: true, description: 'The processor’s event, exactly as it signed it', content: { 'application/json': { schema: { type: 'object' } } } },
    },
    responses: {
      200: { description: 'Recorded, already recorded, or not ours', content: { 'application/json': { schema: z.object({ received: z.literal(true) }) } } },
      400: error('The signature does not match the body, or not an event'),
      401: error('No signature'),
    },
  });
  return createRouter().openapi(webhook, async (c) => {
    const body = await c.req.text();
    const event = deps.processor.verifyWebhook(body, c.req.header(deps.signatureHeader), deps.clock());
    if (!event) return c.json(errorBody('bad_signature', 'The webhook signature does not match.'), 400);
    if (event === 'ignored') return c.json({ received: true as const }, 200);
    const receipt: RecordedEmail | null = (await deps.db.transaction((tx) => settlePayment(tx, deps, event, deps.clock()))).receipt;
    if (receipt && deps.mailer) void deps.mailer.deliver(receipt);
    return c.json({ received: true as const }, 200);
  });
}
