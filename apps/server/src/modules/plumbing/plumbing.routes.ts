import { createRoute } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { plumbingQuerySchema, plumbingSummarySchema } from '@peakwise/contracts/plumbing.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { plumbingSummary } from './plumbing.service';

/** Plumbing screen: the member's own household only. */
export function createPlumbingRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const route = createRoute({
    method: 'get',
    path: '/api/plumbing',
    tags: ['plumbing'],
    summary: 'Water usage cards, usage trend (24 hours, 7 or 30 days), heater and supply efficiency bars, and leak/pressure/heater indicators',
    middleware: [requireAuth(deps.auth)] as const,
    request: { query: plumbingQuerySchema },
    responses: {
      200: { description: 'Plumbing summary; `state: no-meter` when the household has no water meter', content: { 'application/json': { schema: plumbingSummarySchema } } },
      400: { description: 'Invalid range', content: { 'application/json': { schema: apiErrorSchema } } },
      401: { description: 'Not signed in', content: { 'application/json': { schema: apiErrorSchema } } },
    },
  });
  return createRouter().openapi(route, async (c) => {
    const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
    c.header('Cache-Control', 'no-store');
    return c.json(await plumbingSummary(deps.db, household, c.req.valid('query').range, deps.clock()), 200);
  });
}
