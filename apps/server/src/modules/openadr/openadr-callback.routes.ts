import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error } from '../../lib/create-router';
import { errorBody } from '../../lib/errors';
import { guardedBy, OPENADR_VTN_SCHEME } from '../../lib/route-security';
import { isOurCallback, takeNotification } from './openadr-callback.service';

const params = z.object({
  vtnId: z.uuid(),
  token: z.string().regex(/^[0-9a-f]{32,128}$/, 'Not a callback token'),
});

/**
 * Where a VTN tells Peakwise of a change (decision 110): the challenge it sends when a subscription
 * is created or changed, and its notifications. No cookie, no session: the path's token names the
 * subscription's VTN, the bearer token given with the subscription authorises a notification.
 */
export function createOpenAdrCallbackRoutes(deps: { db: Db; clock: () => Date }) {
  // Before the body is read: a caller without a bearer learns nothing, not even whether the path is known.
  const bearerOnly: MiddlewareHandler = guardedBy(
    async (c, next) => {
      if (!/^Bearer \S+$/.test(c.req.header('authorization') ?? '')) return c.json(errorBody('unauthorized', 'A notification needs the subscription’s bearer token.'), 401);
      return next();
    },
    { scheme: OPENADR_VTN_SCHEME },
  );
  const challenge = createRoute({
    method: 'get',
    path: '/api/openadr/callback/{vtnId}/{token}',
    tags: ['openadr'],
    summary: 'The VTN checks a subscription’s callback: the echo comes back as the body',
    request: { params, query: z.object({ echo: z.string().regex(/^[A-Za-z0-9._~+/=-]{1,512}$/, 'The challenge is 1-512 URL-safe characters') }) },
    responses: {
      200: { description: 'The echo, as sent', content: { 'text/plain': { schema: z.string() } } },
      400: error('No echo, or a malformed one'),
      404: error('No such callback'),
    },
  });
  const notify = createRoute({
    method: 'post',
    path: '/api/openadr/callback/{vtnId}/{token}',
    tags: ['openadr'],
    summary: 'A VTN’s notification of a change to its programs or events: the VEN polls at once',
    middleware: [bearerOnly] as const,
    request: {
      params,
      // Checked against the OpenADR document of the VTN's version, not here.
      body: { required: true, description: 'An OpenADR notification', content: { 'application/json': { schema: { type: 'object' } } } },
    },
    responses: {
      200: { description: 'Taken (a duplicate too)', content: { 'application/json': { schema: z.object({ received: z.literal(true) }) } } },
      400: error('Not a notification of the VTN’s OpenADR version'),
      401: error('No bearer token, or not the subscription’s'),
      404: error('No such callback'),
    },
  });
  return createRouter()
    .openapi(challenge, async (c) => {
      const { vtnId, token } = c.req.valid('param');
      if (!(await isOurCallback(deps.db, vtnId, token))) return c.json(errorBody('not_found', 'Not found'), 404);
      c.header('Cache-Control', 'no-store');
      return c.text(c.req.valid('query').echo, 200);
    })
    .openapi(notify, async (c) => {
      const { vtnId, token } = c.req.valid('param');
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json(errorBody('validation_failed', 'The body is not JSON.'), 400);
      }
      const bearer = (c.req.header('authorization') ?? '').slice('Bearer '.length);
      const outcome = await takeNotification(deps.db, vtnId, token, bearer, body, deps.clock());
      if (!outcome.ok) return c.json(errorBody(outcome.code, outcome.message), outcome.status);
      return c.json({ received: true as const }, 200);
    });
}
