import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { createdIngestTokenSchema, createIngestTokenSchema, ingestTokenListSchema } from '@peakwise/contracts/ingest-token.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { createHouseholdToken, listHouseholdTokens, revokeHouseholdToken } from './ingest-tokens.service';

const errorContent = { 'application/json': { schema: apiErrorSchema } };

/** Meter and gateway tokens: household-wide ingest credentials the member issues and revokes in Settings. */
export function createIngestTokenRoutes(deps: { auth: Auth; db: Db }) {
  const auth = requireAuth(deps.auth);
  const householdOf = async (userId: string) => (await ensureHouseholdForUser(deps.db, userId)).id;

  const list = createRoute({
    method: 'get',
    path: '/api/household/ingest-tokens',
    tags: ['household'],
    summary: 'The household’s active meter and gateway tokens (never the tokens themselves)',
    middleware: [auth] as const,
    responses: {
      200: { description: 'Active household-wide tokens, oldest first', content: { 'application/json': { schema: ingestTokenListSchema } } },
      401: { description: 'Not signed in', content: errorContent },
    },
  });
  const create = createRoute({
    method: 'post',
    path: '/api/household/ingest-tokens',
    tags: ['household'],
    summary: 'Issue a household-wide ingest token; answers the token once',
    middleware: [auth] as const,
    request: { body: { required: true, content: { 'application/json': { schema: createIngestTokenSchema } } } },
    responses: {
      201: { description: 'Issued; the token is in this answer only', content: { 'application/json': { schema: createdIngestTokenSchema } } },
      400: { description: 'Invalid label', content: errorContent },
      401: { description: 'Not signed in', content: errorContent },
      403: { description: 'The shared demo account cannot issue tokens', content: errorContent },
      409: { description: 'The household already has the maximum number of active tokens', content: errorContent },
    },
  });
  const revoke = createRoute({
    method: 'delete',
    path: '/api/household/ingest-tokens/{id}',
    tags: ['household'],
    summary: 'Revoke a household-wide ingest token; it is refused from the next request on',
    middleware: [auth] as const,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      204: { description: 'Revoked' },
      401: { description: 'Not signed in', content: errorContent },
      403: { description: 'The shared demo account cannot revoke tokens', content: errorContent },
      404: { description: 'No such active token in the member’s household', content: errorContent },
    },
  });

  return createRouter()
    .openapi(list, async (c) => c.json(await listHouseholdTokens(deps.db, await householdOf(c.var.user.id)), 200))
    .openapi(create, async (c) => c.json(await createHouseholdToken(deps.db, c.var.user, await householdOf(c.var.user.id), c.req.valid('json').label), 201))
    .openapi(revoke, async (c) => {
      await revokeHouseholdToken(deps.db, c.var.user, await householdOf(c.var.user.id), c.req.valid('param').id, new Date());
      return c.body(null, 204);
    });
}
