import { z } from '@hono/zod-openapi';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { autopayEnabled } from './autopay.repository';
import { changeAutopay } from './autopay.service';

const autopaySchema = z.object({ enabled: z.boolean({ error: 'Send enabled as true or false.' }) });
const json = { 'application/json': { schema: autopaySchema } };

/** The auto-pay toggle (decision 048), stored on the server so it survives a reload. */
export function createAutopayRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const read = signedInRoute({
    method: 'get',
    path: '/api/billing/autopay',
    tags: ['billing'],
    summary: 'Is auto-pay on',
    middleware: [member] as const,
    responses: { 200: { description: 'Auto-pay', content: json } },
  });
  const write = signedInRoute({
    method: 'put',
    path: '/api/billing/autopay',
    tags: ['billing'],
    summary: 'Turn auto-pay on or off (off cancels charges not yet made)',
    middleware: [member] as const,
    request: { body: { content: json, required: true } },
    responses: { 200: { description: 'Auto-pay', content: json }, 400: error('Not a boolean') },
  });
  return createRouter()
    .openapi(read, async (c) => c.json({ enabled: await autopayEnabled(deps.db, c.var.household.id) }, 200))
    .openapi(write, async (c) => c.json(await deps.db.transaction((tx) => changeAutopay(tx, c.var.household.id, c.req.valid('json').enabled, deps.clock())), 200));
}
