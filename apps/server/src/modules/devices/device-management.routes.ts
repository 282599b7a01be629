import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { addDeviceSchema, managedDeviceSchema, pairedDeviceSchema, updateDeviceSchema } from '@peakwise/contracts/device-management.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { addDevice, removeManagedDevice, updateDevice } from './device-management.service';

const errorContent = { 'application/json': { schema: apiErrorSchema } };
const idParams = z.object({ id: z.string() });

/** Pair, rename, place and remove the member's own devices. */
export function createDeviceManagementRoutes(deps: { auth: Auth; db: Db }) {
  const auth = requireAuth(deps.auth);
  const householdOf = async (userId: string) => (await ensureHouseholdForUser(deps.db, userId)).id;

  const add = createRoute({
    method: 'post',
    path: '/api/devices',
    tags: ['devices'],
    summary: 'Pair a device by its id; answers its ingest credential once',
    middleware: [auth] as const,
    request: { body: { required: true, content: { 'application/json': { schema: addDeviceSchema } } } },
    responses: {
      201: { description: 'Paired', content: { 'application/json': { schema: pairedDeviceSchema } } },
      400: { description: 'Invalid device or not one of the member’s rooms', content: errorContent },
      401: { description: 'Not signed in', content: errorContent },
      409: { description: 'A live device with this id is already paired', content: errorContent },
    },
  });
  const update = createRoute({
    method: 'patch',
    path: '/api/devices/{id}',
    tags: ['devices'],
    summary: 'Rename a device, assign it to a room, move it on the floor plan or mark it never-switch',
    middleware: [auth] as const,
    request: { params: idParams, body: { required: true, content: { 'application/json': { schema: updateDeviceSchema } } } },
    responses: {
      200: { description: 'Updated', content: { 'application/json': { schema: managedDeviceSchema } } },
      400: { description: 'Invalid change', content: errorContent },
      401: { description: 'Not signed in', content: errorContent },
      404: { description: 'No such device in the member’s household', content: errorContent },
    },
  });
  const remove = createRoute({
    method: 'delete',
    path: '/api/devices/{id}',
    tags: ['devices'],
    summary: 'Remove a device; its readings stay in the household totals',
    middleware: [auth] as const,
    request: { params: idParams },
    responses: {
      204: { description: 'Removed' },
      401: { description: 'Not signed in', content: errorContent },
      404: { description: 'No such device in the member’s household', content: errorContent },
    },
  });

  return createRouter()
    .openapi(add, async (c) => c.json(await addDevice(deps.db, await householdOf(c.var.user.id), c.req.valid('json')), 201))
    .openapi(update, async (c) => c.json(await updateDevice(deps.db, await householdOf(c.var.user.id), c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(remove, async (c) => {
      await removeManagedDevice(deps.db, await householdOf(c.var.user.id), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
