import { createRoute } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { dashboardSchema, dashboardUsageQuerySchema, dashboardUsageSchema } from '@peakwise/contracts/energy.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { dashboard, dashboardUsage } from './dashboard.service';

const unauthorized = { description: 'Not signed in', content: { 'application/json': { schema: apiErrorSchema } } };

/** Dashboard cards and chart: the member's own household only. */
export function createDashboardRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const cards = createRoute({
    method: 'get',
    path: '/api/dashboard',
    tags: ['dashboard'],
    summary: 'Member name, current power, today’s energy and cost, active devices',
    middleware: [requireAuth(deps.auth)] as const,
    responses: { 200: { description: 'Dashboard', content: { 'application/json': { schema: dashboardSchema } } }, 401: unauthorized },
  });
  const usage = createRoute({
    method: 'get',
    path: '/api/dashboard/usage',
    tags: ['dashboard'],
    summary: 'Consumption for the last 24 hours (hourly) or 7 / 30 days (daily)',
    middleware: [requireAuth(deps.auth)] as const,
    request: { query: dashboardUsageQuerySchema },
    responses: {
      200: { description: 'Usage chart', content: { 'application/json': { schema: dashboardUsageSchema } } },
      400: { description: 'Invalid period', content: { 'application/json': { schema: apiErrorSchema } } },
      401: unauthorized,
    },
  });
  return createRouter()
    .openapi(cards, async (c) => {
      const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await dashboard(deps.db, household, c.var.user, deps.clock()), 200);
    })
    .openapi(usage, async (c) => {
      const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await dashboardUsage(deps.db, household, c.req.valid('query').period, deps.clock()), 200);
    });
}
