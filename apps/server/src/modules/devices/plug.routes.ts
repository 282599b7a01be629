import { z } from '@hono/zod-openapi';
import { plugSwitchRequestSchema, plugSwitchResultSchema } from '@peakwise/contracts/plug.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse, notFoundResponse, memberTokenRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { noteMemberSwitch } from '../events/event-plug-automation.service';
import { switchPlug, type CommandPublisher } from './plug-command.service';

/** Remote on/off for the member's smart plugs, confirmed by the plug itself. */
export function createPlugRoutes(deps: { auth: Auth; db: Db; publisher: CommandPublisher | undefined; timeoutMs: number; clock?: () => Date }) {
  const route = memberTokenRoute(['plugs:control'], {
    method: 'post',
    path: '/api/devices/{id}/switch',
    tags: ['devices'],
    summary: 'Switch a smart plug on or off and wait for the plug to confirm',
    middleware: [requireHousehold(deps)] as const,
    request: {
      params: z.object({ id: z.string() }),
      body: { required: true, content: { 'application/json': { schema: plugSwitchRequestSchema } } },
    },
    responses: {
      200: { description: 'The plug reported the new state', content: { 'application/json': { schema: plugSwitchResultSchema } } },
      400: errorResponse('Body is not { on: boolean }'),
      ...notFoundResponse('device'),
      409: errorResponse('Not a smart plug, or a never-switch plug asked to turn off'),
      503: errorResponse('The command could not be sent; nothing was switched or recorded'),
      504: errorResponse('Sent, but the plug did not confirm in time; recorded as timed out'),
    },
  });
  return createRouter().openapi(route, async (c) => {
    const { household } = c.var;
    const result = await switchPlug(
      { db: deps.db, publisher: deps.publisher, timeoutMs: deps.timeoutMs },
      { householdId: household.id, userId: c.var.user.id, deviceId: c.req.valid('param').id, on: c.req.valid('json').on },
    );
    // During an event that switched this plug off, the member's own switch wins (decision 037).
    await noteMemberSwitch(deps.db, household.id, result.deviceId, deps.clock?.() ?? new Date());
    return c.json(result, 200);
  });
}
