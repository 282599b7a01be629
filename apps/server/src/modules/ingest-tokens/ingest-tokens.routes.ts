import { z } from '@hono/zod-openapi';
import { createdIngestTokenSchema, createIngestTokenSchema, ingestTokenListSchema } from '@peakwise/contracts/ingest-token.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import type { BrokerLogins } from '../devices/broker-logins.service';
import { createHouseholdToken, listHouseholdTokens, revokeHouseholdToken } from './ingest-tokens.service';

/** Meter and gateway tokens: household-wide ingest credentials the member issues and revokes in Settings. */
export function createIngestTokenRoutes(deps: { auth: Auth; db: Db; brokerLogins?: BrokerLogins }) {
  const household = requireHousehold(deps);

  const list = signedInRoute({
    method: 'get',
    path: '/api/household/ingest-tokens',
    tags: ['household'],
    summary: 'The household’s active meter and gateway tokens (never the tokens themselves)',
    middleware: [household] as const,
    responses: {
      200: { description: 'Active household-wide tokens, oldest first', content: { 'application/json': { schema: ingestTokenListSchema } } },
    },
  });
  const create = signedInRoute({
    method: 'post',
    path: '/api/household/ingest-tokens',
    tags: ['household'],
    summary: 'Issue a household-wide ingest token; answers the token once',
    middleware: [household] as const,
    request: { body: { required: true, content: { 'application/json': { schema: createIngestTokenSchema } } } },
    responses: {
      201: { description: 'Issued; the token is in this answer only', content: { 'application/json': { schema: createdIngestTokenSchema } } },
      400: errorResponse('Invalid label'),
      403: errorResponse('The shared demo account cannot issue tokens'),
      409: errorResponse('The household already has the maximum number of active tokens'),
    },
  });
  const revoke = signedInRoute({
    method: 'delete',
    path: '/api/household/ingest-tokens/{id}',
    tags: ['household'],
    summary: 'Revoke a household-wide ingest token; it is refused from the next request on',
    middleware: [household] as const,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      204: { description: 'Revoked' },
      403: errorResponse('The shared demo account cannot revoke tokens'),
      404: errorResponse('No such active token in the member’s household'),
    },
  });

  return createRouter()
    .openapi(list, async (c) => c.json(await listHouseholdTokens(deps.db, c.var.household.id), 200))
    .openapi(create, async (c) => c.json(await createHouseholdToken(deps.db, c.var.user, c.var.household.id, c.req.valid('json').label, deps.brokerLogins), 201))
    .openapi(revoke, async (c) => {
      await revokeHouseholdToken(deps.db, c.var.user, c.var.household.id, c.req.valid('param').id, new Date(), deps.brokerLogins);
      return c.body(null, 204);
    });
}
