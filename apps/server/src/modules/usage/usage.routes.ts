import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { usageHistorySchema, usageQuerySchema, usageSummarySchema } from '@peakwise/contracts/energy.contract';
import { localDateOf } from '@peakwise/domain/local-time';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { usageCsv } from './usage.csv';
import { usageHistory, usageSummary } from './usage.service';

const unauthorized = { description: 'Not signed in', content: { 'application/json': { schema: apiErrorSchema } } };
const invalid = { description: 'Invalid range', content: { 'application/json': { schema: apiErrorSchema } } };

/** Usage History: the member's own household only (no household id is ever taken from the request). */
export function createUsageRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const summary = createRoute({
    method: 'get',
    path: '/api/usage/summary',
    tags: ['usage'],
    summary: 'This month’s consumption and cost, daily average and change against last month',
    middleware: [requireAuth(deps.auth)] as const,
    responses: { 200: { description: 'Usage cards', content: { 'application/json': { schema: usageSummarySchema } } }, 401: unauthorized },
  });
  const history = createRoute({
    method: 'get',
    path: '/api/usage/history',
    tags: ['usage'],
    summary: 'Daily consumption and cost for the last 7, 30 or 365 local days, and the breakdown by device kind',
    middleware: [requireAuth(deps.auth)] as const,
    request: { query: usageQuerySchema },
    responses: { 200: { description: 'Daily history', content: { 'application/json': { schema: usageHistorySchema } } }, 400: invalid, 401: unauthorized },
  });
  const csv = createRoute({
    method: 'get',
    path: '/api/usage/export.csv',
    tags: ['usage'],
    summary: 'The daily history as a CSV download',
    middleware: [requireAuth(deps.auth)] as const,
    request: { query: usageQuerySchema },
    responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, 400: invalid, 401: unauthorized },
  });

  return createRouter()
    .openapi(summary, async (c) => {
      const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await usageSummary(deps.db, household, deps.clock()), 200);
    })
    .openapi(history, async (c) => {
      const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await usageHistory(deps.db, household, c.req.valid('query').range, deps.clock()), 200);
    })
    .openapi(csv, async (c) => {
      const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
      const now = deps.clock();
      const { range } = c.req.valid('query');
      const body = usageCsv(await usageHistory(deps.db, household, range, now));
      const filename = `peakwise-usage-${range}d-${localDateOf(now, household.timeZone)}.csv`;
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      });
    });
}
