import { z } from '@hono/zod-openapi';
import { BILLING_MESSAGES } from '@peakwise/contracts/billing.contract';
import { savingsSchema } from '@peakwise/contracts/savings.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { statementSavings } from './savings.service';

const params = z.object({ id: z.uuid({ error: BILLING_MESSAGES.statementNotFound }) });

/** Billing → the savings card for the statement shown (decision 049). */
export function createSavingsRoutes(deps: { auth: Auth; db: Db }) {
  const member = requireHousehold(deps);
  const get = signedInRoute({
    method: 'get',
    path: '/api/billing/statements/{id}/savings',
    tags: ['billing'],
    summary: 'What solar saved and what events earned in one statement’s period',
    middleware: [member] as const,
    request: { params },
    responses: {
      200: { description: 'The savings', content: { 'application/json': { schema: savingsSchema } } },
      400: error('Malformed statement id'),
      404: error('No such statement in the member’s household'),
    },
  });
  return createRouter().openapi(get, async (c) => c.json(await statementSavings(deps.db, c.var.household, c.req.valid('param').id.toLowerCase()), 200));
}
