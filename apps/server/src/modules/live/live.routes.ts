import { createRoute } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import type { LiveHub } from './live-hub';
import { streamLive } from './live.stream';

/** The signed-in member's live stream: power samples and "new readings" as they commit. */
export function createLiveRoutes(deps: { auth: Auth; db: Db; hub: LiveHub }) {
  const route = createRoute({
    method: 'get',
    path: '/api/live',
    tags: ['live'],
    summary: 'Server-Sent Events for the member’s household: `power` and `readings`, heartbeat every 30 s',
    middleware: [requireAuth(deps.auth)] as const,
    responses: {
      200: { description: 'text/event-stream' },
      401: { description: 'Not signed in', content: { 'application/json': { schema: apiErrorSchema } } },
    },
  });
  return createRouter().openapi(route, async (c) => {
    const household = await ensureHouseholdForUser(deps.db, c.var.user.id);
    return streamLive(c, deps.hub, household.id);
  });
}
