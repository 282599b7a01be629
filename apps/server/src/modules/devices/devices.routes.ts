import { z } from '@hono/zod-openapi';
import { deviceHistoryQuerySchema, deviceHistorySchema, devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import type { Db } from '../../db/client';
import type { ReadDb } from '../../db/replica-reads';
import { readOwners } from '../../lib/read-your-writes.middleware';
import { createRouter, errorResponse, notFoundResponse, memberTokenRoute } from '../../lib/create-router';
import { deviceNotFound } from './device-not-found';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { deviceHistory, devicesOverview } from './devices-read.service';

/** IoT Devices screen: the member's own household only; no route takes a household id. */
export function createDevicesRoutes(deps: { auth: Auth; db: Db; reads: ReadDb; clock: () => Date }) {
  const household = requireHousehold(deps);
  const overview = memberTokenRoute(['usage:read', 'plugs:control'], {
    method: 'get',
    path: '/api/devices',
    tags: ['devices'],
    summary: 'Device cards, floor-plan rooms and every live device with its latest power, efficiency and status',
    middleware: [household] as const,
    responses: { 200: { description: 'Devices', content: { 'application/json': { schema: devicesOverviewSchema } } }},
  });
  const history = memberTokenRoute(['usage:read'], {
    method: 'get',
    path: '/api/devices/{id}/history',
    tags: ['devices'],
    summary: 'Average power per hour (24h) or per day (7d, 30d) and the latest kind-specific metrics of one device',
    middleware: [household] as const,
    request: { params: z.object({ id: z.string() }), query: deviceHistoryQuerySchema },
    responses: {
      200: { description: 'Device history', content: { 'application/json': { schema: deviceHistorySchema } } },
      400: errorResponse('Invalid range'),
      ...notFoundResponse('device'),
    },
  });
  return createRouter()
    .openapi(overview, async (c) => {
      return c.json(await deps.reads.read(readOwners(c.var), (db) => devicesOverview(db, c.var.household, deps.clock())), 200);
    })
    .openapi(history, async (c) => {
      const result = await deps.reads.read(readOwners(c.var), (db) => deviceHistory(db, c.var.household, c.req.valid('param').id, c.req.valid('query').range, deps.clock()));
      if (!result) throw deviceNotFound();
      return c.json(result, 200);
    });
}
