import { z } from '@hono/zod-openapi';
import type { Db } from '../../db/client';
import { createRouter, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from './household.middleware';
import { listRooms, tariffOn } from './household.repository';
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
  const route = signedInRoute({
    method: 'get',
    path: '/api/household',
    tags: ['household'],
    summary: 'The signed-in member’s household, rooms and current tariff plan',
    middleware: [requireHousehold(deps)] as const,
    responses: {
      200: { description: 'Household', content: { 'application/json': { schema: householdSchema } } },
    },
  });
  return createRouter().openapi(route, async (c) => {
    const h = c.var.household;
    const rooms = await listRooms(deps.db, h.id);
    const tariffPlanId = await tariffOn(deps.db, h.id, localDateOf(new Date(), h.timeZone));
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
