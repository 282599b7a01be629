import { z } from '@hono/zod-openapi';
import { usageHistorySchema, usageQuerySchema, usageSummarySchema } from '@peakwise/contracts/energy.contract';
import { localDateOf } from '@peakwise/domain/local-time';
import type { Db } from '../../db/client';
import type { ReadDb } from '../../db/replica-reads';
import { readOwners } from '../../lib/read-your-writes.middleware';
import { createRouter, errorResponse, memberTokenRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { usageCsv } from './usage.csv';
import { usageHistory, usageSummary } from './usage.service';

const invalid = errorResponse('Invalid range');

/** Usage History: the member's own household only (no household id is ever taken from the request). */
export function createUsageRoutes(deps: { auth: Auth; db: Db; reads: ReadDb; clock: () => Date }) {
  const household = requireHousehold(deps);
  const summary = memberTokenRoute(['usage:read'], {
    method: 'get',
    path: '/api/usage/summary',
    tags: ['usage'],
    summary: 'This month’s consumption and cost, daily average and change against last month',
    middleware: [household] as const,
    responses: { 200: { description: 'Usage cards', content: { 'application/json': { schema: usageSummarySchema } } }},
  });
  const history = memberTokenRoute(['usage:read'], {
    method: 'get',
    path: '/api/usage/history',
    tags: ['usage'],
    summary: 'Daily consumption and cost for the last 7, 30 or 365 local days, and the breakdown by device kind',
    middleware: [household] as const,
    request: { query: usageQuerySchema },
    responses: { 200: { description: 'Daily history', content: { 'application/json': { schema: usageHistorySchema } } }, 400: invalid},
  });
  const csv = memberTokenRoute(['usage:read'], {
    method: 'get',
    path: '/api/usage/export.csv',
    tags: ['usage'],
    summary: 'The daily history as a CSV download',
    middleware: [household] as const,
    request: { query: usageQuerySchema },
    responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, 400: invalid},
  });

  return createRouter()
    .openapi(summary, async (c) => {
      return c.json(await deps.reads.read(readOwners(c.var), (db) => usageSummary(db, c.var.household, deps.clock())), 200);
    })
    .openapi(history, async (c) => {
      return c.json(await deps.reads.read(readOwners(c.var), (db) => usageHistory(db, c.var.household, c.req.valid('query').range, deps.clock())), 200);
    })
    .openapi(csv, async (c) => {
      const { household } = c.var;
      const now = deps.clock();
      const { range } = c.req.valid('query');
      const body = usageCsv(await deps.reads.read(readOwners(c.var), (db) => usageHistory(db, household, range, now)));
      const filename = `peakwise-usage-${range}d-${localDateOf(now, household.timeZone)}.csv`;
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      });
    });
}
