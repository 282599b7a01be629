import { z } from '@hono/zod-openapi';
import { eventPreferencesSchema, setEventPlugChoiceSchema, updateEventPreferencesSchema } from '@peakwise/contracts/event-automation.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { choosePlug, eventPreferences, setEveryEvent } from './event-preferences.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const answer = json('The household’s event preferences', eventPreferencesSchema);

/** Settings → Energy Saving Events: "opt me in to every event" (decision 036) and the plugs that power down (decision 037). */
export function createEventPreferencesRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const get = signedInRoute({
    method: 'get',
    path: '/api/event-preferences',
    tags: ['events'],
    summary: 'Whether the household is opted in to every event, and which plugs power down during events',
    middleware: [member] as const,
    responses: { 200: answer },
  });
  const put = signedInRoute({
    method: 'put',
    path: '/api/event-preferences',
    tags: ['events'],
    summary: 'Turn "opt me in to every event" on (which also opts in to upcoming events) or off',
    middleware: [member] as const,
    request: { body: { required: true, content: { 'application/json': { schema: updateEventPreferencesSchema } } } },
    responses: { 200: answer, 400: error('Invalid body') },
  });
  const plug = signedInRoute({
    method: 'put',
    path: '/api/event-preferences/plugs/{id}',
    tags: ['events'],
    summary: 'Choose whether one smart plug powers down during events',
    middleware: [member] as const,
    request: { params: z.object({ id: z.string() }), body: { required: true, content: { 'application/json': { schema: setEventPlugChoiceSchema } } } },
    responses: { 200: answer, 400: error('Invalid body'), 404: error('No such smart plug in the member’s household'), 409: error('Not a smart plug, or a never-switch plug') },
  });

  return createRouter()
    .openapi(get, async (c) => c.json(await eventPreferences(deps.db, c.var.household.id), 200))
    .openapi(put, async (c) => {
      const { optInEveryEvent } = c.req.valid('json');
      const saved = await deps.db.transaction((tx) => setEveryEvent(tx, c.var.household.id, optInEveryEvent, c.var.user.id, deps.clock()));
      return c.json(saved, 200);
    })
    .openapi(plug, async (c) => {
      const { id } = c.req.valid('param');
      const { powerDown } = c.req.valid('json');
      const saved = await deps.db.transaction((tx) => choosePlug(tx, c.var.household.id, id, powerDown, deps.clock()));
      return c.json(saved, 200);
    });
}
