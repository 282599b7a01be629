import type { Db } from '../../db/client';
import { createRouter, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import type { LiveHub } from './live-hub';
import { streamLive } from './live.stream';

/** The signed-in member's live stream: power samples and "new readings" as they commit. */
export function createLiveRoutes(deps: { auth: Auth; db: Db; hub: LiveHub }) {
  const route = signedInRoute({
    method: 'get',
    path: '/api/live',
    tags: ['live'],
    summary: 'Server-Sent Events for the member’s household: `power` and `readings`, heartbeat every 30 s',
    middleware: [requireHousehold(deps)] as const,
    responses: {
      200: { description: 'text/event-stream' },
    },
  });
  return createRouter().openapi(route, async (c) => {
    return streamLive(c, deps.hub, c.var.household.id);
  });
}
