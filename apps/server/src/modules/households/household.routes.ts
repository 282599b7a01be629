import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser, listRooms, tariffOn } from './household.service';
import { localDateOf } from '@peakwise/domain/local-time';

const householdSchema = z.object({
  id: z.string(),
  name: z.string(),
  postalCode: z.string().nullable(),
  province: z.string(),
  timeZone: z.string(),
  occupants: z.number().int(),
  tariffPlanId: z.string().nullable(),
  rooms: z.array(z.object({ id: z.string(), name: z.string(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })),
});

/** The signed-in member's household (created with its five rooms on first use). */
export function createHouseholdRoutes(deps: { auth: Auth; db: Db }) {
  const route = createRoute({
    method: 'get',
    path: '/api/household',
    tags: ['household'],
    summary: 'The signed-in member’s household, rooms and current tariff plan',
    middleware: [requireAuth(deps.auth)] as const,
    responses: {
      200: { description: 'Household', content: { 'application/json': { schema: householdSchema } } },
      401: { description: 'Not signed in', content: { 'application/json': { schema: apiErrorSchema } } },
    },
  });
  return createRouter().openapi(route, async (c) => {
    const h = await ensureHouseholdForUser(deps.db, c.var.user.id);
    const rooms = await listRooms(deps.db, h.id);
    const tariffPlanId = await tariffOn(deps.db, h.id, localDateOf(new Date(), h.timeZone));
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        id: h.id,
        name: h.name,
        postalCode: h.postalCode,
        province: h.province,
        timeZone: h.timeZone,
        occupants: h.occupants,
        tariffPlanId,
        rooms: rooms.map(({ id, name, x, y, width, height }) => ({ id, name, x, y, width, height })),
      },
      200,
    );
  });
}
