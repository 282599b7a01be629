import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { deviceHistoryQuerySchema, deviceHistorySchema, devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import { deviceNotFound } from './device.service';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { deviceHistory, devicesOverview } from './devices-read.service';

const error = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

/** IoT Devices screen: the member's own household only; no route takes a household id. */
export function createDevicesRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const overview = createRoute({
    method: 'get',
    path: '/api/devices',
    tags: ['devices'],
    summary: 'Device cards, floor-plan rooms and every live device with its latest power, efficiency and status',
    middleware: [requireAuth(deps.auth)] as const,
    responses: { 200: { description: 'Devices', content: { 'application/json': { schema: devicesOverviewSchema } } }, 401: error('Not signed in') },
  });
  const history = createRoute({
    method: 'get',
    path: '/api/devices/{id}/history',
    tags: ['devices'],
    summary: 'Average power per hour (24h) or per day (7d, 30d) and the latest kind-specific metrics of one device',
    middleware: [requireAuth(deps.auth)] as const,
    request: { params: z.object({ id: z.string() }), query: deviceHistoryQuerySchema },
    responses: {
      200: { description: 'Device history', content: { 'application/json': { schema: deviceHistorySchema } } },
      400: error('Invalid range'),
      401: error('Not signed in'),
      404: error('No such device in the household'),
    },
  });
  return createRouter()
    .openapi(overview, async (c) => {
      const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await devicesOverview(deps.db, household, deps.clock()), 200);
    })
    .openapi(history, async (c) => {
      const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
      const result = await deviceHistory(deps.db, household, c.req.valid('param').id, c.req.valid('query').range, deps.clock());
      if (!result) throw deviceNotFound();
      c.header('Cache-Control', 'no-store');
      return c.json(result, 200);
    });
}
