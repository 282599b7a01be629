import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { plugSwitchRequestSchema, plugSwitchResultSchema } from '@peakwise/contracts/plug.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { switchPlug, type CommandPublisher } from './plug-command.service';

const errorContent = { 'application/json': { schema: apiErrorSchema } };

/** Remote on/off for the member's smart plugs, confirmed by the plug itself. */
export function createPlugRoutes(deps: { auth: Auth; db: Db; publisher: CommandPublisher | undefined; timeoutMs: number }) {
  const route = createRoute({
    method: 'post',
    path: '/api/devices/{id}/switch',
    tags: ['devices'],
    summary: 'Switch a smart plug on or off and wait for the plug to confirm',
    middleware: [requireAuth(deps.auth)] as const,
    request: {
      params: z.object({ id: z.string() }),
      body: { required: true, content: { 'application/json': { schema: plugSwitchRequestSchema } } },
    },
    responses: {
      200: { description: 'The plug reported the new state', content: { 'application/json': { schema: plugSwitchResultSchema } } },
      400: { description: 'Body is not { on: boolean }', content: errorContent },
      401: { description: 'Not signed in', content: errorContent },
      404: { description: 'No such device in the member’s household', content: errorContent },
      409: { description: 'Not a smart plug, or a never-switch plug asked to turn off', content: errorContent },
      503: { description: 'The command could not be sent; nothing was switched or recorded', content: errorContent },
      504: { description: 'Sent, but the plug did not confirm in time; recorded as timed out', content: errorContent },
    },
  });
  return createRouter().openapi(route, async (c) => {
    const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
    const result = await switchPlug(
      { db: deps.db, publisher: deps.publisher, timeoutMs: deps.timeoutMs },
      { householdId: household.id, userId: c.var.user.id, deviceId: c.req.valid('param').id, on: c.req.valid('json').on },
    );
    return c.json(result, 200);
  });
}
