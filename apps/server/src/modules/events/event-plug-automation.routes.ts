import { z } from '@hono/zod-openapi';
import { eventPlugActionsSchema } from '@peakwise/contracts/event-automation.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { memberPlugActions } from './event-plug-automation.service';

/** The event page's log of what plug automation did to the member's plugs (decision 037). */
export function createEventPlugAutomationRoutes(deps: { auth: Auth; db: Db }) {
  const route = signedInRoute({
    method: 'get',
    path: '/api/events/{id}/plug-actions',
    tags: ['events'],
    summary: 'What plug automation did to the member’s plugs during this event, oldest first',
    middleware: [requireHousehold(deps)] as const,
    request: { params: z.object({ id: z.uuid({ error: 'No such event.' }) }) },
    responses: {
      200: { description: 'The actions', content: { 'application/json': { schema: eventPlugActionsSchema } } },
      400: error('Malformed id'),
      404: error('No such event in the member’s area'),
    },
  });
  return createRouter().openapi(route, async (c) => c.json(await memberPlugActions(deps.db, c.var.household, c.req.valid('param').id), 200));
}
