import { solarQuerySchema, solarSummarySchema } from '@peakwise/contracts/energy.contract';
import type { Db } from '../../db/client';
import type { ReadDb } from '../../db/replica-reads';
import { readOwners } from '../../lib/read-your-writes.middleware';
import { createRouter, errorResponse, memberTokenRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { solarSummary } from './solar.service';

/** Solar System Monitor: the member's own household only. */
export function createSolarRoutes(deps: { auth: Auth; db: Db; reads: ReadDb; clock: () => Date }) {
  const route = memberTokenRoute(['solar:read'], {
    method: 'get',
    path: '/api/solar/summary',
    tags: ['solar'],
    summary: 'Production, consumption, grid exchange, panel health and the production/consumption chart for today or this week',
    middleware: [requireHousehold(deps)] as const,
    request: { query: solarQuerySchema },
    responses: {
      200: { description: 'Solar summary', content: { 'application/json': { schema: solarSummarySchema } } },
      400: errorResponse('Invalid period'),
    },
  });
  return createRouter().openapi(route, async (c) => {
    return c.json(await deps.reads.read(readOwners(c.var), (db) => solarSummary(db, c.var.household, c.req.valid('query').period, deps.clock())), 200);
  });
}
