import { z } from '@hono/zod-openapi';
import { cashOutRulesSchema, cashOutSchema, createCashOutSchema } from '@peakwise/contracts/cash-outs.contract';
import { CASH_OUT_MINIMUM_POINTS, CASH_OUT_REVIEW_WITHIN_BUSINESS_DAYS, CASH_OUT_SENT_WITHIN_MINUTES, POINTS_PER_DOLLAR } from '@peakwise/domain/payout-rules';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { refuseVisitorPayoutAddress } from '../auth/shared-demo';
import { requireHousehold } from '../households/household.middleware';
import { householdCashOuts } from './cash-outs.repository';
import { cashOutView, requestCashOut } from './cash-outs.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const LIST_LIMIT = 50;

/** A member's cash-outs by Interac e-Transfer (decision 041). */
export function createCashOutsRoutes(deps: { auth: Auth; db: Db; clock: () => Date; reviewAbovePoints: number }) {
  const member = requireHousehold(deps);
  const rules = signedInRoute({
    method: 'get',
    path: '/api/cash-outs/rules',
    tags: ['cash-outs'],
    summary: 'The minimum, the review threshold and how long a cash-out takes, shown before the member confirms',
    middleware: [member] as const,
    responses: { 200: json('Rules', cashOutRulesSchema) },
  });
  const list = signedInRoute({
    method: 'get',
    path: '/api/cash-outs',
    tags: ['cash-outs'],
    summary: 'The member’s cash-outs, newest first, with their status and any failure reason',
    middleware: [member] as const,
    responses: { 200: json('Cash-outs', z.array(cashOutSchema)) },
  });
  const create = signedInRoute({
    method: 'post',
    path: '/api/cash-outs',
    tags: ['cash-outs'],
    summary: 'Cash points out to an Interac e-Transfer address, once per idempotency key',
    middleware: [member] as const,
    request: { body: { content: { 'application/json': { schema: createCashOutSchema } }, required: true } },
    responses: {
      200: json('Already requested with this key: the same cash-out', cashOutSchema),
      201: json('Requested: pending, or held for review', cashOutSchema),
      400: error('Below the minimum, not a whole number, not an email, or no idempotency key'),
      403: error('On the shared demo account, a payout address other than the demo’s own (decision 082)'),
      409: error('More than the balance, or the key was used for another cash-out'),
    },
  });

  return createRouter()
    .openapi(rules, (c) =>
      c.json(
        {
          minimumPoints: CASH_OUT_MINIMUM_POINTS,
          reviewAbovePoints: deps.reviewAbovePoints,
          pointsPerDollar: POINTS_PER_DOLLAR,
          sentWithinMinutes: CASH_OUT_SENT_WITHIN_MINUTES,
          reviewWithinBusinessDays: CASH_OUT_REVIEW_WITHIN_BUSINESS_DAYS,
        },
        200,
      ),
    )
    .openapi(list, async (c) => c.json((await householdCashOuts(deps.db, c.var.household.id, LIST_LIMIT)).map(cashOutView), 200))
    .openapi(create, async (c) => {
      const input = c.req.valid('json');
      const { household, user } = c.var;
      refuseVisitorPayoutAddress(user, input.email);
      const { cashOut, created } = await deps.db.transaction((tx) => requestCashOut(tx, { householdId: household.id, userId: user.id }, input, deps.reviewAbovePoints, deps.clock()));
      return created ? c.json(cashOutView(cashOut), 201) : c.json(cashOutView(cashOut), 200);
    });
}
