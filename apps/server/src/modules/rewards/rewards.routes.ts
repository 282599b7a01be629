import { createRoute, z } from '@hono/zod-openapi';
import { catalogueSchema, IDEMPOTENCY_KEY_PATTERN, redeemSchema, REWARD_MESSAGES, rewardOrderSchema, rewardOrdersSchema } from '@peakwise/contracts/rewards.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { refuseOnSharedDemo } from '../auth/shared-demo';
import type { Mailer } from '../email/mailer';
import { requireHousehold } from '../households/household.middleware';
import { findImage, listActiveItems, listHouseholdOrders } from './rewards.repository';
import { catalogueItemView, orderView } from './rewards-views';
import { redeem } from './redeem.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const ORDER_LIMIT = 100;
// The URL carries the image's hash (rewards-views.ts), so a cached copy is never stale.
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

/** The marketplace as members see it: the catalogue, redeeming, their own orders (decision 039). */
export function createRewardsRoutes(deps: { auth: Auth; db: Db; mailer?: Mailer; publicUrl: string }) {
  const member = requireHousehold(deps);
  const catalogue = signedInRoute({
    method: 'get',
    path: '/api/rewards/catalogue',
    tags: ['rewards'],
    summary: 'Active rewards, cheapest first, with their text in English, French and Spanish',
    middleware: [member] as const,
    responses: { 200: json('Catalogue', catalogueSchema) },
  });
  const orders = signedInRoute({
    method: 'get',
    path: '/api/rewards/orders',
    tags: ['rewards'],
    summary: 'The member’s own orders, newest first, with their codes and fulfilment status',
    middleware: [member] as const,
    responses: { 200: json('Orders', rewardOrdersSchema) },
  });
  const create = signedInRoute({
    method: 'post',
    path: '/api/rewards/orders',
    tags: ['rewards'],
    summary: 'Redeem a reward. The Idempotency-Key header makes a retry, a double click or a second tab answer the same order',
    middleware: [member] as const,
    request: {
      headers: z.object({ 'idempotency-key': z.string({ error: REWARD_MESSAGES.keyInvalid }).regex(IDEMPOTENCY_KEY_PATTERN, { error: REWARD_MESSAGES.keyInvalid }) }),
      body: { content: { 'application/json': { schema: redeemSchema } }, required: true },
    },
    responses: {
      201: json('Ordered', rewardOrderSchema),
      200: json('The order this key already made (nothing debited again)', rewardOrderSchema),
      400: error('Invalid key, quantity or address'),
      403: error('A shipping address on the shared demo account (decision 082)'),
      404: error('No such reward'),
      409: error('Not enough points, out of stock, or the key used for another redemption'),
      410: error('Withdrawn since the page loaded'),
    },
  });
  const image = createRoute({
    method: 'get',
    path: '/api/rewards/items/{id}/image',
    tags: ['rewards'],
    summary: 'A reward’s image, stored by Peakwise',
    request: { params: z.object({ id: z.uuid({ error: REWARD_MESSAGES.noImage }) }) },
    responses: { 200: { description: 'The image' }, 400: error('Malformed id'), 404: error('No image') },
  });

  return createRouter()
    .openapi(catalogue, async (c) => c.json({ items: (await listActiveItems(deps.db)).map(catalogueItemView) }, 200))
    .openapi(orders, async (c) => c.json({ orders: (await listHouseholdOrders(deps.db, c.var.household.id, ORDER_LIMIT)).map(orderView) }, 200))
    .openapi(create, async (c) => {
      const key = c.req.valid('header')['idempotency-key'];
      // A visitor's address would be shown to the next visitor in the demo's orders.
      if (c.req.valid('json').shippingAddress) refuseOnSharedDemo(c.var.user);
      const { order, created } = await redeem(deps, { userId: c.var.user.id, householdId: c.var.household.id }, key, c.req.valid('json'));
      return created ? c.json(order, 201) : c.json(order, 200);
    })
    .openapi(image, async (c) => {
      const found = await findImage(deps.db, c.req.valid('param').id);
      if (!found) return c.json({ error: { code: 'not_found', message: REWARD_MESSAGES.noImage } }, 404);
      const etag = `"${found.etag}"`;
      const headers = {
        'Content-Type': found.contentType,
        'Cache-Control': IMAGE_CACHE,
        ETag: etag,
        // An uploaded SVG opened on its own runs nothing and loads nothing.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      return c.body(new Uint8Array(found.bytes), 200, headers);
    });
}
