import { createRoute, z } from '@hono/zod-openapi';
import { editEventSchema, EVENT_MESSAGES, opsEventSchema, opsLiveEventSchema, scheduleEventSchema, type OpsEvent } from '@peakwise/contracts/events.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, operatorOnly } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';
import { listEventsForOps } from './events.repository';
import { cancelEvent, editEvent, previewReach, scheduleEvent } from './events.service';
import { opsLiveEvent } from './ops-live-event.service';
import { eventImpact } from './event-impact.service';
import { opsEventImpactSchema } from '@peakwise/contracts/event-holdout.contract';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const eventParams = z.object({ id: z.uuid({ error: EVENT_MESSAGES.notFound }) });
const staffOnly = operatorOnly('event');

/** The operator console's API (/ops): schedule, edit, cancel and watch events. Staff only. */
export function createOpsEventsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireAuth(deps.auth);
  const operator = requireOperator(deps.db);
  const list = createRoute({ method: 'get', path: '/api/ops/events', tags: ['ops'], summary: 'Events, newest first, with reach, opt-ins and settled results', middleware: [member, operator] as const, responses: { 200: json('Events', z.array(opsEventSchema)), ...staffOnly } });
  const preview = createRoute({
    method: 'get',
    path: '/api/ops/programs/{id}/reach',
    tags: ['ops'],
    summary: 'How many households an event of this program would reach',
    middleware: [member, operator] as const,
    request: { params: z.object({ id: z.uuid({ error: EVENT_MESSAGES.unknownProgram }) }) },
    responses: { 200: json('Reach', z.object({ households: z.number().int() })), 400: error('Malformed id'), ...staffOnly },
  });
  const schedule = createRoute({
    method: 'post',
    path: '/api/ops/events',
    tags: ['ops'],
    summary: 'Schedule an event',
    middleware: [member, operator] as const,
    request: { body: { content: { 'application/json': { schema: scheduleEventSchema } }, required: true } },
    responses: { 201: json('Scheduled', z.object({ id: z.string() })), 400: error('Invalid window or terms, or outside the program’s season or windows'), 404: error('Not an operator, or no such program'), 409: error('Program paused or ended'), 401: error('Not signed in') },
  });
  const edit = createRoute({
    method: 'patch',
    path: '/api/ops/events/{id}',
    tags: ['ops'],
    summary: 'Change an event’s window or terms before it starts',
    middleware: [member, operator] as const,
    request: { params: eventParams, body: { content: { 'application/json': { schema: editEventSchema } }, required: true } },
    responses: { 204: { description: 'Changed' }, 400: error('Invalid window or terms'), 409: error('Already started'), ...staffOnly },
  });
  const cancel = createRoute({
    method: 'post',
    path: '/api/ops/events/{id}/cancel',
    tags: ['ops'],
    summary: 'Cancel an event before it starts',
    middleware: [member, operator] as const,
    request: { params: eventParams },
    responses: { 204: { description: 'Cancelled' }, 400: error('Malformed id'), 409: error('Already started'), ...staffOnly },
  });

  const live = createRoute({
    method: 'get',
    path: '/api/ops/events/{id}/live',
    tags: ['ops'],
    summary: 'A running event: opted-in and reporting households, summed baseline against actual kW per elapsed interval',
    middleware: [member, operator] as const,
    request: { params: eventParams },
    responses: { 200: json('Live participation', opsLiveEventSchema), 400: error('Malformed id'), 409: error('Not started or cancelled'), ...staffOnly },
  });

  const impact = createRoute({
    method: 'get',
    path: '/api/ops/events/{id}/impact',
    tags: ['ops'],
    summary: 'A settled event’s impact measured against its random hold-out, with a 95 % interval, beside the baselines’ savings',
    middleware: [member, operator] as const,
    request: { params: eventParams },
    responses: { 200: json('Impact', opsEventImpactSchema), 400: error('Malformed id'), 409: error('Not settled yet'), ...staffOnly },
  });

  return createRouter()
    .openapi(impact, async (c) => c.json(await eventImpact(deps.db, c.req.valid('param').id), 200))
    .openapi(live, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await opsLiveEvent(deps.db, c.req.valid('param').id, deps.clock()), 200);
    })
    .openapi(list, async (c) => {
      const rows = await listEventsForOps(deps.db);
      const body: OpsEvent[] = rows.map((e) => ({
        id: e.id,
        programId: e.programId,
        programName: e.programName,
        startsAt: e.startsAt.toISOString(),
        endsAt: e.endsAt.toISOString(),
        rewardPoints: e.rewardPoints,
        targetPercent: e.targetPercent,
        status: e.status,
        reach: e.reach,
        optedIn: e.optedIn,
        holdoutPercent: e.holdoutPercent,
        heldOut: e.heldOut,
        settled: e.settledHouseholds > 0 ? { households: e.settledHouseholds, pointsAwarded: e.pointsAwarded, pointsHeld: e.pointsHeld, reductionKwh: e.reductionKwh, insufficientData: e.insufficientData } : null,
      }));
      return c.json(body, 200);
    })
    .openapi(preview, async (c) => c.json({ households: await previewReach(deps.db, c.req.valid('param').id) }, 200))
    .openapi(schedule, async (c) => {
      const input = c.req.valid('json');
      const id = await deps.db.transaction((tx) => scheduleEvent(tx, input, c.var.user.id, deps.clock()));
      return c.json({ id }, 201);
    })
    .openapi(edit, async (c) => {
      const { id } = c.req.valid('param');
      await deps.db.transaction((tx) => editEvent(tx, id, c.req.valid('json'), deps.clock()));
      return c.body(null, 204);
    })
    .openapi(cancel, async (c) => {
      const { id } = c.req.valid('param');
      await deps.db.transaction((tx) => cancelEvent(tx, id, deps.clock()));
      return c.body(null, 204);
    });
}
