import { z } from '@hono/zod-openapi';
import { deviceConnectionSchema } from '@peakwise/contracts/device-connection.contract';
import { addDeviceSchema, managedDeviceSchema, pairedDeviceSchema, updateDeviceSchema } from '@peakwise/contracts/device-management.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse, notFoundResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import type { BrokerLogins } from './broker-logins.service';
import { addDevice, deviceConnection, removeManagedDevice, renewDeviceCredential, updateDevice, type DeviceReach } from './device-management.service';

const idParams = z.object({ id: z.string() });

/** Pair, rename, place and remove the member's own devices. */
export function createDeviceManagementRoutes(deps: { auth: Auth; db: Db; reach: DeviceReach; brokerLogins?: BrokerLogins }) {
  const household = requireHousehold(deps);

  const add = signedInRoute({
    method: 'post',
    path: '/api/devices',
    tags: ['devices'],
    summary: 'Pair a device (by its id, or with one Peakwise gives it); answers its ingest credential once',
    middleware: [household] as const,
    request: { body: { required: true, content: { 'application/json': { schema: addDeviceSchema } } } },
    responses: {
      201: { description: 'Paired', content: { 'application/json': { schema: pairedDeviceSchema } } },
      400: errorResponse('Invalid device, not one of the member’s rooms, or an id too long for a Tasmota'),
      409: errorResponse('A live device with this id is already paired, with this household or another'),
    },
  });
  const update = signedInRoute({
    method: 'patch',
    path: '/api/devices/{id}',
    tags: ['devices'],
    summary: 'Rename a device, assign it to a room, move it on the floor plan or mark it never-switch',
    middleware: [household] as const,
    request: { params: idParams, body: { required: true, content: { 'application/json': { schema: updateDeviceSchema } } } },
    responses: {
      200: { description: 'Updated', content: { 'application/json': { schema: managedDeviceSchema } } },
      400: errorResponse('Invalid change'),
      ...notFoundResponse('device'),
    },
  });
  const connection = signedInRoute({
    method: 'get',
    path: '/api/devices/{id}/connection',
    tags: ['devices'],
    summary: 'Whether a device has reported, and why the broker last refused its login, publish or subscription',
    middleware: [household] as const,
    request: { params: idParams },
    responses: {
      200: { description: 'Its connection', content: { 'application/json': { schema: deviceConnectionSchema } } },
      ...notFoundResponse('device'),
    },
  });
  const renew = signedInRoute({
    method: 'post',
    path: '/api/devices/{id}/credential',
    tags: ['devices'],
    summary: 'A new token for a paired device, answered once with its pairing settings; its earlier tokens stop working',
    middleware: [household] as const,
    request: { params: idParams },
    responses: {
      201: { description: 'Its new token and pairing settings', content: { 'application/json': { schema: pairedDeviceSchema } } },
      ...notFoundResponse('device'),
    },
  });
  const remove = signedInRoute({
    method: 'delete',
    path: '/api/devices/{id}',
    tags: ['devices'],
    summary: 'Remove a device; its readings stay in the household totals',
    middleware: [household] as const,
    request: { params: idParams },
    responses: {
      204: { description: 'Removed' },
      ...notFoundResponse('device'),
    },
  });

  return createRouter()
    .openapi(add, async (c) => c.json(await addDevice(deps.db, c.var.household.id, c.req.valid('json'), deps.reach, deps.brokerLogins), 201))
    .openapi(renew, async (c) => c.json(await renewDeviceCredential(deps.db, c.var.household.id, c.req.valid('param').id, deps.reach, deps.brokerLogins), 201))
    .openapi(connection, async (c) => c.json(await deviceConnection(deps.db, c.var.household.id, c.req.valid('param').id), 200))
    .openapi(update, async (c) => c.json(await updateDevice(deps.db, c.var.household.id, c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(remove, async (c) => {
      await removeManagedDevice(deps.db, c.var.household.id, c.req.valid('param').id, deps.brokerLogins);
      return c.body(null, 204);
    });
}
