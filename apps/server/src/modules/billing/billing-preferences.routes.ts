import type { z } from '@hono/zod-openapi';
import { billingPreferencesSchema, updateBillingPreferencesSchema } from '@peakwise/contracts/billing-preferences.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { findBillingPreferences, saveBillingPreferences } from './billing-preferences.repository';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const answer = json('The household’s bill reminder choice', billingPreferencesSchema);

/** Billing → bill reminders on or off, and how many days before the due date (decision 049). */
export function createBillingPreferencesRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const get = signedInRoute({
    method: 'get',
    path: '/api/billing/preferences',
    tags: ['billing'],
    summary: 'Whether bill reminders are on, and how many days before the due date they go out',
    middleware: [member] as const,
    responses: { 200: answer },
  });
  const put = signedInRoute({
    method: 'put',
    path: '/api/billing/preferences',
    tags: ['billing'],
    summary: 'Turn bill reminders on or off, or change how many days ahead they go out',
    middleware: [member] as const,
    request: { body: { required: true, content: { 'application/json': { schema: updateBillingPreferencesSchema } } } },
    responses: { 200: answer, 400: error('Invalid body') },
  });

  return createRouter()
    .openapi(get, async (c) => c.json(await findBillingPreferences(deps.db, c.var.household.id), 200))
    .openapi(put, async (c) => {
      const change = c.req.valid('json');
      const saved = await deps.db.transaction((tx) => saveBillingPreferences(tx, c.var.household.id, change, deps.clock()));
      return c.json(saved, 200);
    });
}
