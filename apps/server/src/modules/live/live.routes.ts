import type { Db } from '../../db/client';
import { createRouter, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import type { Logger } from '../../lib/logger';
import { scorecardForNewReadings } from '../events/event-scorecard.service';
import type { LiveHub } from './live-hub';
import { HEARTBEAT_MS, streamLive, type LiveFollowUp } from './live.stream';

/** The signed-in member's live stream: power samples and "new readings" as they commit. */
export function createLiveRoutes(deps: { auth: Auth; db: Db; hub: LiveHub; clock?: () => Date; logger?: Logger }) {
  const route = signedInRoute({
    method: 'get',
    path: '/api/live',
    tags: ['live'],
    summary: 'Server-Sent Events for the member’s household: `power`, `readings`, `device` (a device’s first message, for the pairing screen) and, during an event it opted in to, `scorecard`; heartbeat every 30 s',
    middleware: [requireHousehold(deps)] as const,
    responses: {
      200: { description: 'text/event-stream' },
    },
  });
  return createRouter().openapi(route, async (c) => {
    const { household } = c.var;
    // New meter readings during an event the home opted in to move its live scorecard (decision 038).
    const followUp: LiveFollowUp = async (event) => {
      if (event.event !== 'readings' || !event.data.kinds.includes('meter')) return [];
      try {
        const card = await scorecardForNewReadings(deps.db, household, event.data.latestTs, (deps.clock ?? (() => new Date()))());
        return card ? [{ event: 'scorecard', data: card }] : [];
      } catch (error) {
        deps.logger?.warn({ err: error }, 'Live scorecard failed');
        return [];
      }
    };
    return streamLive(c, deps.hub, household.id, HEARTBEAT_MS, followUp);
  });
}
