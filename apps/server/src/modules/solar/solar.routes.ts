import { createRoute } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { solarQuerySchema, solarSummarySchema } from '@peakwise/contracts/energy.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { solarSummary } from './solar.service';

/** Solar System Monitor: the member's own household only. */
export function createSolarRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const route = createRoute({
    method: 'get',
    path: '/api/solar/summary',
    tags: ['solar'],
    summary: 'Production, consumption, grid exchange, panel health and the production/consumption chart for today or this week',
    middleware: [requireAuth(deps.auth)] as const,
    request: { query: solarQuerySchema },
    responses: {
      200: { description: 'Solar summary', content: { 'application/json': { schema: solarSummarySchema } } },
      400: { description: 'Invalid period', content: { 'application/json': { schema: apiErrorSchema } } },
      401: { description: 'Not signed in', content: { 'application/json': { schema: apiErrorSchema } } },
    },
  });
  return createRouter().openapi(route, async (c) => {
    const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
    c.header('Cache-Control', 'no-store');
    return c.json(await solarSummary(deps.db, household, c.req.valid('query').period, deps.clock()), 200);
  });
}
