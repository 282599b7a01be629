import { z } from '@hono/zod-openapi';
import { apiTokenListSchema, createApiTokenSchema, createdApiTokenSchema } from '@peakwise/contracts/member-api.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { createApiToken, listApiTokens, revokeToken } from './api-tokens.service';

/** Personal API tokens, managed from Settings with the web session only (decision 060). */
export function createApiTokenRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const auth = requireAuth(deps.auth);
  const list = signedInRoute({
    method: 'get',
    path: '/api/member-api/tokens',
    tags: ['member-api'],
    summary: 'The member’s working personal API tokens (never the tokens themselves)',
    middleware: [auth] as const,
    responses: { 200: { description: 'Tokens, newest first', content: { 'application/json': { schema: apiTokenListSchema } } } },
  });
  const create = signedInRoute({
    method: 'post',
    path: '/api/member-api/tokens',
    tags: ['member-api'],
    summary: 'Issue a personal API token with the chosen scopes; answers the token once',
    middleware: [auth] as const,
    request: { body: { required: true, content: { 'application/json': { schema: createApiTokenSchema } } } },
    responses: {
      201: { description: 'Issued; the token is in this answer only', content: { 'application/json': { schema: createdApiTokenSchema } } },
      400: errorResponse('Invalid label, scopes or expiry'),
      403: errorResponse('The shared demo account cannot issue tokens'),
      409: errorResponse('The member already has the maximum number of tokens'),
    },
  });
  const revoke = signedInRoute({
    method: 'delete',
    path: '/api/member-api/tokens/{id}',
    tags: ['member-api'],
    summary: 'Revoke a personal API token; it is refused from the next request on',
    middleware: [auth] as const,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      204: { description: 'Revoked' },
      403: errorResponse('The shared demo account cannot revoke tokens'),
      404: errorResponse('No such working token of the member'),
    },
  });
  return createRouter()
    .openapi(list, async (c) => c.json(await listApiTokens(deps.db, c.var.user, deps.clock()), 200))
    .openapi(create, async (c) => c.json(await createApiToken(deps.db, c.var.user, c.req.valid('json'), deps.clock()), 201))
    .openapi(revoke, async (c) => {
      await revokeToken(deps.db, c.var.user, c.req.valid('param').id, deps.clock());
      return c.body(null, 204);
    });
}
