import { z } from '@hono/zod-openapi';
import type { Db } from '../../db/client';
import { homeSchema, householdBatterySchema, updateHomeSchema } from '@peakwise/contracts/household-home.contract';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { refuseOnSharedDemo } from '../auth/shared-demo';
import type { HomeService } from './household-home.service';
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
export function createHouseholdRoutes(deps: { auth: Auth; db: Db; home: HomeService }) {
  const homeAnswer = { description: 'Where the home is', content: { 'application/json': { schema: homeSchema } } };
  const getHome = signedInRoute({
    method: 'get',
    path: '/api/household/home',
    tags: ['household'],
    summary: 'Where the member’s home is: postal code, city, province, time zone and today’s tariff plan',
    middleware: [requireHousehold(deps)] as const,
    responses: { 200: homeAnswer },
  });
  const putHome = signedInRoute({
    method: 'put',
    path: '/api/household/home',
    tags: ['household'],
    summary: 'Set where the home is (decision 057)',
    description:
      'The postal code sets the province; the time zone must be one the province spans (without one, the current zone if the province allows it, else the province’s usual one). Saves the household’s place, its zone (re-cutting its days, decision 023), the profile’s zone and, when the province changes, the province’s default plan from today, in one transaction. A malformed or unserved postal code or a zone outside the province is a 400 that changes nothing.',
    middleware: [requireHousehold(deps)] as const,
    request: { body: { required: true, content: { 'application/json': { schema: updateHomeSchema } } } },
    responses: {
      200: homeAnswer,
      400: errorResponse('Malformed or unserved postal code, or a time zone the province does not span'),
      403: errorResponse('The shared demo account’s home stays where it is (decision 082)'),
    },
  });
  // Its own route, not a field of the home's PUT: that one needs the postal code (decision 138).
  const putBattery = signedInRoute({
    method: 'put',
    path: '/api/household/battery',
    tags: ['household'],
    summary: 'Say whether the home has a battery (decision 138)',
    description:
      'The meter cannot tell a battery’s flows from the home’s own use, so the member says so; settlement then scores the home’s events on its usual days alone, or, where its meter reports its panels’ production, on the 5 of them whose production before the start was nearest the event day’s. Changes nothing else about the home. A body that is not exactly `{ hasBattery: true | false }` is a 400 that changes nothing.',
    middleware: [requireHousehold(deps)] as const,
    request: { body: { required: true, content: { 'application/json': { schema: householdBatterySchema } } } },
    responses: {
      200: { description: 'What is now saved', content: { 'application/json': { schema: householdBatterySchema } } },
      400: errorResponse('Not a boolean, or a field besides hasBattery'),
      403: errorResponse('The shared demo account’s home stays as it is (decision 082)'),
    },
  });
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
  return createRouter()
    .openapi(getHome, async (c) => c.json(await deps.home.get(c.var.household), 200))
    .openapi(putHome, async (c) => {
      refuseOnSharedDemo(c.var.user);
      return c.json(await deps.home.update(c.var.user.id, c.var.household, c.req.valid('json')), 200);
    })
    .openapi(putBattery, async (c) => {
      refuseOnSharedDemo(c.var.user);
      return c.json(await deps.home.setBattery(c.var.household, c.req.valid('json')), 200);
    })
    .openapi(route, async (c) => {
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
