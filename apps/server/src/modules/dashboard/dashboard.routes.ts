import { dashboardSchema, dashboardUsageQuerySchema, dashboardUsageSchema } from '@peakwise/contracts/energy.contract';
import type { Db } from '../../db/client';
import type { ReadDb } from '../../db/replica-reads';
import { readOwners } from '../../lib/read-your-writes.middleware';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { dashboard, dashboardUsage } from './dashboard.service';

/** Dashboard cards and chart: the member's own household only. */
export function createDashboardRoutes(deps: { auth: Auth; db: Db; reads: ReadDb; clock: () => Date }) {
  const household = requireHousehold(deps);
  const cards = signedInRoute({
    method: 'get',
    path: '/api/dashboard',
    tags: ['dashboard'],
    summary: 'Member name, current power, today’s energy and cost, active devices',
    middleware: [household] as const,
    responses: { 200: { description: 'Dashboard', content: { 'application/json': { schema: dashboardSchema } } }},
  });
  const usage = signedInRoute({
    method: 'get',
    path: '/api/dashboard/usage',
    tags: ['dashboard'],
    summary: 'Consumption for the last 24 hours (hourly) or 7 / 30 days (daily)',
    middleware: [household] as const,
    request: { query: dashboardUsageQuerySchema },
    responses: {
      200: { description: 'Usage chart', content: { 'application/json': { schema: dashboardUsageSchema } } },
      400: errorResponse('Invalid period'),
    },
  });
  return createRouter()
    .openapi(cards, async (c) => {
      return c.json(await deps.reads.read(readOwners(c.var), (db) => dashboard(db, c.var.household, c.var.user, c.var.sessionId, deps.clock())), 200);
    })
    .openapi(usage, async (c) => {
      return c.json(await deps.reads.read(readOwners(c.var), (db) => dashboardUsage(db, c.var.household, c.req.valid('query').period, deps.clock())), 200);
    });
}
