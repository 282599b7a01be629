import { createRoute, z } from '@hono/zod-openapi';
import {
  createRewardItemSchema,
  editRewardItemSchema,
  opsFulfilmentOrderSchema,
  opsRewardItemSchema,
  REWARD_IMAGE_MAX_BYTES,
  REWARD_IMAGE_TYPES,
  REWARD_MESSAGES,
  rewardOrderStatusSchema,
  shipOrderSchema,
  uploadCodesSchema,
} from '@peakwise/contracts/rewards.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, operatorOnly } from '../../lib/create-router';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth/auth';
import type { Mailer } from '../email/mailer';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';
import { listAllItems, listPhysicalOrders } from './rewards.repository';
import { catalogueItemView, opsOrderView } from './rewards-views';
import { createItem, editItem, setImage, uploadCodes } from './rewards-catalogue.service';
import { advanceOrder } from './fulfilment.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const itemParams = z.object({ id: z.uuid({ error: REWARD_MESSAGES.notFound }) });
const orderParams = z.object({ id: z.uuid({ error: REWARD_MESSAGES.orderNotFound }) });
const staffOnly = operatorOnly('item or order');
const QUEUE_LIMIT = 200;

/** The console's catalogue and fulfilment queue (/ops). Staff only: a member gets 404 (decision 034). */
export function createOpsRewardsRoutes(deps: { auth: Auth; db: Db; clock: () => Date; mailer?: Mailer; publicUrl: string }) {
  const member = requireAuth(deps.auth);
  const operator = requireOperator(deps.db);

  const list = createRoute({ tags: ['ops'], middleware: [member, operator] as const, method: 'get', path: '/api/ops/rewards/items', summary: 'Every item, withdrawn ones too, with free codes and orders', responses: { ...staffOnly, 200: json('Items', z.array(opsRewardItemSchema)) } });
  const create = createRoute({
    tags: ['ops'],
    middleware: [member, operator] as const,
    method: 'post',
    path: '/api/ops/rewards/items',
    summary: 'Add an item to the catalogue',
    request: body(createRewardItemSchema),
    responses: { ...staffOnly, 201: json('Created', z.object({ id: z.string() })), 400: error('Invalid item') },
  });
  const edit = createRoute({
    tags: ['ops'],
    middleware: [member, operator] as const,
    method: 'patch',
    path: '/api/ops/rewards/items/{id}',
    summary: 'Change an item’s cost, stock, text, or withdraw or reinstate it',
    request: { params: itemParams, ...body(editRewardItemSchema) },
    responses: { ...staffOnly, 204: { description: 'Changed' }, 400: error('Invalid change'), 409: error('A gift card or discount with no codes cannot be made live') },
  });
  const image = createRoute({
    tags: ['ops'],
    middleware: [member, operator] as const,
    method: 'put',
    path: '/api/ops/rewards/items/{id}/image',
    summary: `Upload an item’s image: PNG, JPEG, WebP or SVG, at most ${REWARD_IMAGE_MAX_BYTES / 1024} KB, as the raw request body`,
    request: {
      params: itemParams,
      // The bytes themselves, checked by the handler: a zod schema cannot describe them.
      body: {
        required: true,
        content: Object.fromEntries(REWARD_IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
      },
    },
    responses: { ...staffOnly, 200: json('Stored', z.object({ imageUrl: z.string() })), 400: error('Malformed id'), 413: error('Too large'), 415: error('Not an image we take') },
  });
  const codes = createRoute({
    tags: ['ops'],
    middleware: [member, operator] as const,
    method: 'post',
    path: '/api/ops/rewards/items/{id}/codes',
    summary: 'Add codes to a gift card’s or discount’s pool: one a line, or CSV (first column). All or none',
    request: { params: itemParams, ...body(uploadCodesSchema) },
    responses: { ...staffOnly, 200: json('Added', z.object({ added: z.number().int(), codesAvailable: z.number().int() })), 400: error('No codes, malformed codes or not a code item'), 409: error('Duplicates') },
  });
  const queue = createRoute({
    tags: ['ops'],
    middleware: [member, operator] as const,
    method: 'get',
    path: '/api/ops/rewards/orders',
    summary: 'Physical orders to fulfil, oldest first, by status (default: ordered)',
    request: { query: z.object({ status: rewardOrderStatusSchema.exclude(['fulfilled']).default('ordered') }) },
    responses: { ...staffOnly, 200: json('Orders', z.array(opsFulfilmentOrderSchema)), 400: error('Unknown status') },
  });
  const ship = createRoute({
    tags: ['ops'],
    middleware: [member, operator] as const,
    method: 'post',
    path: '/api/ops/rewards/orders/{id}/ship',
    summary: 'Mark a physical order shipped, with its tracking number and carrier; emails the member',
    request: { params: orderParams, ...body(shipOrderSchema) },
    responses: { ...staffOnly, 204: { description: 'Shipped' }, 400: error('No tracking number'), 409: error('Not waiting to ship') },
  });
  const deliver = createRoute({
    tags: ['ops'],
    middleware: [member, operator] as const,
    method: 'post',
    path: '/api/ops/rewards/orders/{id}/deliver',
    summary: 'Mark a shipped order delivered',
    request: { params: orderParams },
    responses: { ...staffOnly, 204: { description: 'Delivered' }, 400: error('Malformed id'), 409: error('Not shipped') },
  });

  return createRouter()
    .openapi(list, async (c) =>
      c.json(
        (await listAllItems(deps.db)).map((i) => ({ ...catalogueItemView(i), status: i.status, codesAvailable: i.kind === 'gift_card' || i.kind === 'discount_code' ? i.codesAvailable : null, orders: i.orders })),
        200,
      ),
    )
    .openapi(create, async (c) => c.json({ id: await createItem(deps.db, c.req.valid('json')) }, 201))
    .openapi(edit, async (c) => {
      await editItem(deps.db, c.req.valid('param').id, c.req.valid('json'));
      return c.body(null, 204);
    })
    .openapi(image, async (c) => {
      const { id } = c.req.valid('param');
      const declared = Number(c.req.header('content-length') ?? '0');
      if (declared > REWARD_IMAGE_MAX_BYTES) throw new AppError(413, 'image_too_large', REWARD_MESSAGES.imageTooLarge);
      const bytes = Buffer.from(await c.req.arrayBuffer());
      const { etag } = await setImage(deps.db, id, c.req.header('content-type') ?? '', bytes);
      return c.json({ imageUrl: `/api/rewards/items/${id}/image?v=${etag}` }, 200);
    })
    .openapi(codes, async (c) => c.json(await uploadCodes(deps.db, c.req.valid('param').id, c.req.valid('json').codes), 200))
    .openapi(queue, async (c) => c.json((await listPhysicalOrders(deps.db, c.req.valid('query').status, QUEUE_LIMIT)).map(opsOrderView), 200))
    .openapi(ship, async (c) => {
      const { tracking, carrier } = c.req.valid('json');
      await advanceOrder(deps, c.req.valid('param').id, { to: 'shipped', tracking, carrier }, deps.clock());
      return c.body(null, 204);
    })
    .openapi(deliver, async (c) => {
      await advanceOrder(deps, c.req.valid('param').id, { to: 'delivered' }, deps.clock());
      return c.body(null, 204);
    });
}
