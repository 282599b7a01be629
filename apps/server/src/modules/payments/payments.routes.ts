import { z } from '@hono/zod-openapi';
import { createPaymentSchema, idempotencyKeyHeaderSchema, paymentSchema } from '@peakwise/contracts/payments.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import type { PaymentProcessor } from './payment-processor';
import { householdPayments } from './payments.repository';
import { payNow, paymentView } from './payments.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const LIST_LIMIT = 50;

/** Pay now and the member's payments (decision 048): the member's own household only. */
export function createPaymentsRoutes(deps: { auth: Auth; db: Db; clock: () => Date; processor: PaymentProcessor }) {
  const member = requireHousehold(deps);
  const list = signedInRoute({
    method: 'get',
    path: '/api/billing/payments',
    tags: ['billing'],
    summary: 'The member’s payments, newest first: pending until the processor confirms, then succeeded or failed',
    middleware: [member] as const,
    responses: { 200: json('Payments', z.array(paymentSchema)) },
  });
  const pay = signedInRoute({
    method: 'post',
    path: '/api/billing/payments',
    tags: ['billing'],
    summary: 'Pay the latest statement, in full or in part, with a saved card, once per Idempotency-Key',
    middleware: [member] as const,
    request: { headers: idempotencyKeyHeaderSchema, body: { content: { 'application/json': { schema: createPaymentSchema } }, required: true } },
    responses: {
      200: json('Already paid with this key: the same payment', paymentSchema),
      201: json('Charged: pending until the processor’s webhook confirms it', paymentSchema),
      400: error('Amount not above $0, above the maximum or not whole cents; no key; malformed ids'),
      402: error('The card was declined (insufficient funds, expired, needs authentication): nothing was charged'),
      404: error('No such card or statement in the member’s household'),
      409: error('The statement was replaced by a newer one, or the key was used for another payment'),
    },
  });

  return createRouter()
    .openapi(list, async (c) => c.json((await householdPayments(deps.db, c.var.household.id, LIST_LIMIT)).map(paymentView), 200))
    .openapi(pay, async (c) => {
      const input = c.req.valid('json');
      const key = c.req.valid('header')['idempotency-key'];
      const { payment, created } = await deps.db.transaction((tx) => payNow(tx, deps.processor, c.var.household.id, input, key, deps.clock()));
      return c.json(paymentView(payment), created ? 201 : 200);
    });
}
