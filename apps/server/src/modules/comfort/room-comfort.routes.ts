import { z } from '@hono/zod-openapi';
import { comfortSettingsSchema, setComfortLoadSchema, setRoomComfortSchema } from '@peakwise/contracts/room-comfort.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { comfortSettings, setPlugLoad, setRoomLimits } from './room-comfort.service';

const answer = { description: 'Every room’s comfort limits and latest temperature, and the plugs that heat or cool', content: { 'application/json': { schema: comfortSettingsSchema } } };

/** Devices → Comfort: each room's floor and ceiling, its temperature, and its heating and cooling plugs (decision 109). */
export function createRoomComfortRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const get = signedInRoute({
    method: 'get',
    path: '/api/comfort',
    tags: ['devices'],
    summary: 'Each room’s comfort floor and ceiling, its latest temperature and age, and which plugs heat or cool',
    middleware: [member] as const,
    responses: { 200: answer },
  });
  const room = signedInRoute({
    method: 'put',
    path: '/api/comfort/rooms/{id}',
    tags: ['devices'],
    summary: 'Set a room’s comfort floor (winter) and ceiling (summer), 10–30 °C in half degrees, floor below ceiling',
    middleware: [member] as const,
    request: { params: z.object({ id: z.string() }), body: { required: true, content: { 'application/json': { schema: setRoomComfortSchema } } } },
    responses: { 200: answer, 400: error('Limits out of range, not in half degrees, or the floor not below the ceiling'), 404: error('No such room in the member’s household') },
  });
  const plug = signedInRoute({
    method: 'put',
    path: '/api/comfort/plugs/{id}',
    tags: ['devices'],
    summary: 'Say whether a smart plug powers a heater, an air conditioner, or neither',
    middleware: [member] as const,
    request: { params: z.object({ id: z.string() }), body: { required: true, content: { 'application/json': { schema: setComfortLoadSchema } } } },
    responses: { 200: answer, 400: error('Invalid body'), 404: error('No such device in the member’s household'), 409: error('Not a smart plug') },
  });

  return createRouter()
    .openapi(get, async (c) => c.json(await comfortSettings(deps.db, c.var.household.id, deps.clock()), 200))
    .openapi(room, async (c) => {
      const saved = await deps.db.transaction((tx) => setRoomLimits(tx, c.var.household.id, c.req.valid('param').id, c.req.valid('json'), deps.clock()));
      return c.json(saved, 200);
    })
    .openapi(plug, async (c) => {
      const saved = await deps.db.transaction((tx) => setPlugLoad(tx, c.var.household.id, c.req.valid('param').id, c.req.valid('json').load, deps.clock()));
      return c.json(saved, 200);
    });
}
