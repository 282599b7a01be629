import { timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { cashOutStatusSchema, payoutCallbackSchema } from '@peakwise/contracts/cash-outs.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error } from '../../lib/create-router';
import { errorBody } from '../../lib/errors';
import { guardedBy, PAYOUT_PROVIDER_SCHEME } from '../../lib/route-security';
import { recordProviderReport } from './cash-outs.service';

/**
 * The payout provider's status callback (decision 041): a transfer it took was sent, or failed
 * (declined, expired, bounced). Authorised by PAYOUT_WEBHOOK_SECRET as a bearer token, never by a
 * cookie; without the secret the route answers 404. A failure reported twice refunds once.
 */
export function createPayoutCallbackRoutes(deps: { db: Db; clock: () => Date; webhookSecret: string | undefined }) {
  // Before the body is read: an unauthorised caller learns nothing from validation messages.
  const providerOnly: MiddlewareHandler = guardedBy(
    async (c, next) => {
      if (!deps.webhookSecret) return c.json(errorBody('not_found', 'Not found'), 404);
      const given = Buffer.from(c.req.header('authorization') ?? '');
      const expected = Buffer.from(`Bearer ${deps.webhookSecret}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return c.json(errorBody('unauthorized', 'Wrong or missing payout webhook secret.'), 401);
      return next();
    },
    { scheme: PAYOUT_PROVIDER_SCHEME },
  );
  const callback = createRoute({
    method: 'post',
    path: '/api/payouts/callback',
    tags: ['cash-outs'],
    summary: 'The payout provider reports a transfer sent or failed',
    middleware: [providerOnly] as const,
    request: { body: { content: { 'application/json': { schema: payoutCallbackSchema } }, required: true } },
    responses: {
      200: { description: 'Recorded (or already recorded)', content: { 'application/json': { schema: z.object({ status: cashOutStatusSchema }) } } },
      400: error('Invalid body'),
      401: error('Wrong or missing secret'),
      404: error('Callback off, or no such cash-out'),
      409: error('The cash-out was never handed over'),
    },
  });
  return createRouter().openapi(callback, async (c) => {
    const report = c.req.valid('json');
    const row = await deps.db.transaction((tx) => recordProviderReport(tx, report, deps.clock()));
    return c.json({ status: row.status }, 200);
  });
}
