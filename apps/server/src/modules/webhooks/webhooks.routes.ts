import { z } from '@hono/zod-openapi';
import { createdWebhookSchema, createWebhookSchema, webhookDeliveryListSchema, webhookListSchema } from '@peakwise/contracts/member-api.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse, notFoundResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { createWebhook, listWebhooks, removeWebhook, sendTestDelivery, webhookDeliveries } from './webhooks.service';

const idParam = z.object({ id: z.string() });

/** Members' webhook endpoints, managed from Settings with the web session only (decision 060). */
export function createWebhookRoutes(deps: { auth: Auth; db: Db; clock: () => Date; allowLocalhost: boolean }) {
  const auth = requireAuth(deps.auth);
  const list = signedInRoute({
    method: 'get',
    path: '/api/member-api/webhooks',
    tags: ['member-api'],
    summary: 'The member’s webhook endpoints (never their secrets)',
    middleware: [auth] as const,
    responses: { 200: { description: 'Endpoints, newest first', content: { 'application/json': { schema: webhookListSchema } } } },
  });
  const create = signedInRoute({
    method: 'post',
    path: '/api/member-api/webhooks',
    tags: ['member-api'],
    summary: 'Register an HTTPS endpoint for some events; answers its signing secret once',
    middleware: [auth] as const,
    request: { body: { required: true, content: { 'application/json': { schema: createWebhookSchema } } } },
    responses: {
      201: { description: 'Registered; the secret is in this answer only', content: { 'application/json': { schema: createdWebhookSchema } } },
      400: errorResponse('Invalid address or events'),
      403: errorResponse('The shared demo account cannot add webhooks'),
      409: errorResponse('The member already has the maximum number of webhooks'),
    },
  });
  const remove = signedInRoute({
    method: 'delete',
    path: '/api/member-api/webhooks/{id}',
    tags: ['member-api'],
    summary: 'Remove an endpoint; nothing more is sent to it',
    middleware: [auth] as const,
    request: { params: idParam },
    responses: { 204: { description: 'Removed' }, 403: errorResponse('The shared demo account cannot remove webhooks'), ...notFoundResponse('webhook') },
  });
  const test = signedInRoute({
    method: 'post',
    path: '/api/member-api/webhooks/{id}/test',
    tags: ['member-api'],
    summary: 'Queue a signed test delivery to the endpoint',
    middleware: [auth] as const,
    request: { params: idParam },
    responses: {
      202: { description: 'Queued', content: { 'application/json': { schema: z.object({ deliveryId: z.string() }) } } },
      403: errorResponse('The shared demo account cannot send test deliveries'),
      ...notFoundResponse('webhook'),
    },
  });
  const deliveries = signedInRoute({
    method: 'get',
    path: '/api/member-api/webhooks/{id}/deliveries',
    tags: ['member-api'],
    summary: 'The endpoint’s latest deliveries and how their last attempt went',
    middleware: [auth] as const,
    request: { params: idParam },
    responses: { 200: { description: 'Up to 50, newest first', content: { 'application/json': { schema: webhookDeliveryListSchema } } }, ...notFoundResponse('webhook') },
  });
  return createRouter()
    .openapi(list, async (c) => c.json(await listWebhooks(deps.db, c.var.user), 200))
    .openapi(create, async (c) => c.json(await createWebhook(deps.db, c.var.user, c.req.valid('json'), deps.clock(), deps.allowLocalhost), 201))
    .openapi(remove, async (c) => {
      await removeWebhook(deps.db, c.var.user, c.req.valid('param').id, deps.clock());
      return c.body(null, 204);
    })
    .openapi(test, async (c) => c.json(await sendTestDelivery(deps.db, c.var.user, c.req.valid('param').id, deps.clock()), 202))
    .openapi(deliveries, async (c) => c.json(await webhookDeliveries(deps.db, c.var.user, c.req.valid('param').id), 200));
}
