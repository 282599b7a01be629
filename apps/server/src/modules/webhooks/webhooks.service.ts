import { randomUUID } from 'node:crypto';
import { DEMO_EMAIL } from '@peakwise/contracts/demo-account';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_TYPE,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@peakwise/contracts/member-api.contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { newSecretToken } from '../../lib/secret-token';
import { isUuid } from '../../lib/uuid';
import { queueDeliveries } from './webhook-delivery.service';
import { webhookUrlProblem } from './webhook-url';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listEndpoints,
  lockMember,
  recentDeliveries,
  type EndpointRow,
} from './webhooks.repository';

type Member = { id: string; email: string };
const SECRET_PREFIX = 'pwh_';
const DELIVERIES_SHOWN = 50;

const demoLocked = () => new AppError(403, 'demo_account_read_only', 'The demo account cannot be changed.');
const notFound = () => new AppError(404, 'not_found', 'No such webhook.');
const tooMany = () =>
  new AppError(409, 'too_many_webhooks', `You already have ${MAX_WEBHOOK_ENDPOINTS} webhooks. Remove one you no longer use before adding another.`);

const toItem = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

async function ownEndpoint(db: Db, member: Member, id: string): Promise<EndpointRow> {
  const endpoint = isUuid(id) ? await findEndpoint(db, member.id, id) : null;
  if (!endpoint) throw notFound();
  return endpoint;
}

export async function listWebhooks(db: Db, member: Member): Promise<Webhook[]> {
  return (await listEndpoints(db, member.id)).map(toItem);
}

/** Registers an endpoint; its signing secret is in this answer only. */
export async function createWebhook(db: Db, member: Member, request: CreateWebhookRequest, now: Date, allowLocalhost: boolean): Promise<CreatedWebhook> {
  if (member.email === DEMO_EMAIL) throw demoLocked();
  const problem = webhookUrlProblem(request.url, allowLocalhost);
  if (problem) throw new AppError(400, 'validation_failed', 'The request is not valid', [{ path: 'url', message: problem }]);
  const secret = newSecretToken(SECRET_PREFIX);
  return db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    if ((await countEndpoints(tx, member.id)) >= MAX_WEBHOOK_ENDPOINTS) throw tooMany();
    const row = await insertEndpoint(tx, { userId: member.id, url: request.url, events: [...request.events].sort(), secret, createdAt: now });
    return { ...toItem(row), secret };
  });
}

export async function removeWebhook(db: Db, member: Member, id: string, now: Date): Promise<void> {
  if (member.email === DEMO_EMAIL) throw demoLocked();
  if (!isUuid(id) || !(await deleteEndpoint(db, member.id, id, now))) throw notFound();
}

/** Queues a signed test message to the endpoint, sent by the delivery job like any other. */
export async function sendTestDelivery(db: Db, member: Member, id: string, now: Date): Promise<{ deliveryId: string }> {
  if (member.email === DEMO_EMAIL) throw demoLocked();
  const endpoint = await ownEndpoint(db, member, id);
  return db.transaction(async (tx) => {
    const deliveryId = await insertDelivery(tx, {
      endpointId: endpoint.id,
      type: WEBHOOK_TEST_TYPE,
      eventKey: `test:${randomUUID()}`,
      payload: { message: 'This is a test delivery from Peakwise.' },
      createdAt: now,
    });
    await queueDeliveries(tx, [deliveryId], now);
    return { deliveryId };
  });
}

export async function webhookDeliveries(db: Db, member: Member, id: string): Promise<WebhookDelivery[]> {
  const endpoint = await ownEndpoint(db, member, id);
  return (await recentDeliveries(db, endpoint.id, DELIVERIES_SHOWN)).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  }));
}
