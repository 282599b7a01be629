import { z } from '@hono/zod-openapi';
import { addPaymentMethodSchema, PAYMENT_MESSAGES, paymentMethodSchema } from '@peakwise/contracts/payments.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, notFoundResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { refuseOnSharedDemo } from '../auth/shared-demo';
import { requireHousehold } from '../households/household.middleware';
import type { PaymentProcessor } from './payment-processor';
import { addPaymentMethod, listPaymentMethods, makeDefaultPaymentMethod, removePaymentMethod } from './payment-methods.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const idParams = z.object({ id: z.uuid({ error: PAYMENT_MESSAGES.methodNotFound }) });

/** The member's saved cards (decision 048): a processor's token and brand, last 4 and expiry. */
export function createPaymentMethodsRoutes(deps: { auth: Auth; db: Db; processor: PaymentProcessor }) {
  const member = requireHousehold(deps);
  const list = signedInRoute({
    method: 'get',
    path: '/api/billing/payment-methods',
    tags: ['billing'],
    summary: 'The member’s saved cards, the default first',
    middleware: [member] as const,
    responses: { 200: json('Cards', z.array(paymentMethodSchema)) },
  });
  const add = signedInRoute({
    method: 'post',
    path: '/api/billing/payment-methods',
    tags: ['billing'],
    summary: 'Save a card the processor’s tokenizer returned a token for (the first card is the default)',
    middleware: [member] as const,
    request: { body: { content: { 'application/json': { schema: addPaymentMethodSchema } }, required: true } },
    responses: { 201: json('Saved', paymentMethodSchema), 400: error('Malformed or unknown token'), 403: error('The shared demo account keeps no card (decision 082)') },
  });
  const makeDefault = signedInRoute({
    method: 'post',
    path: '/api/billing/payment-methods/{id}/default',
    tags: ['billing'],
    summary: 'Make a card the default (auto-pay charges it)',
    middleware: [member] as const,
    request: { params: idParams },
    responses: { 200: json('Cards', z.array(paymentMethodSchema)), 400: error('Malformed id'), ...notFoundResponse('card') },
  });
  const remove = signedInRoute({
    method: 'delete',
    path: '/api/billing/payment-methods/{id}',
    tags: ['billing'],
    summary: 'Remove a card; the oldest remaining one becomes the default if it was',
    middleware: [member] as const,
    request: { params: idParams },
    responses: { 200: json('Cards', z.array(paymentMethodSchema)), 400: error('Malformed id'), ...notFoundResponse('card') },
  });

  return createRouter()
    .openapi(list, async (c) => c.json(await listPaymentMethods(deps.db, c.var.household.id), 200))
    .openapi(add, async (c) => {
      refuseOnSharedDemo(c.var.user);
      const { token } = c.req.valid('json');
      return c.json(await deps.db.transaction((tx) => addPaymentMethod(tx, deps.processor, c.var.household.id, token)), 201);
    })
    .openapi(makeDefault, async (c) => c.json(await deps.db.transaction((tx) => makeDefaultPaymentMethod(tx, c.var.household.id, c.req.valid('param').id)), 200))
    .openapi(remove, async (c) => c.json(await deps.db.transaction((tx) => removePaymentMethod(tx, c.var.household.id, c.req.valid('param').id)), 200));
}
