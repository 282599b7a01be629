import { plumbingQuerySchema, plumbingSummarySchema } from '@peakwise/contracts/plumbing.contract';
import type { Db } from '../../db/client';
import type { ReadDb } from '../../db/replica-reads';
import { readOwners } from '../../lib/read-your-writes.middleware';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { plumbingSummary } from './plumbing.service';

/** Plumbing screen: the member's own household only. */
export function createPlumbingRoutes(deps: { auth: Auth; db: Db; reads: ReadDb; clock: () => Date }) {
  const route = signedInRoute({
    method: 'get',
    path: '/api/plumbing',
    tags: ['plumbing'],
    summary: 'Water usage cards, usage trend (24 hours, 7 or 30 days), heater and supply efficiency bars, and leak/pressure/heater indicators',
    middleware: [requireHousehold(deps)] as const,
    request: { query: plumbingQuerySchema },
    responses: {
      200: { description: 'Plumbing summary; `state: no-meter` when the household has no water meter', content: { 'application/json': { schema: plumbingSummarySchema } } },
      400: errorResponse('Invalid range'),
    },
  });
  return createRouter().openapi(route, async (c) => {
    return c.json(await deps.reads.read(readOwners(c.var), (db) => plumbingSummary(db, c.var.household, c.req.valid('query').range, deps.clock())), 200);
  });
}
