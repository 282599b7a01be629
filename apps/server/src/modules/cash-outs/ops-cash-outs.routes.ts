import { createRoute, z } from '@hono/zod-openapi';
import { CASH_OUT_MESSAGES, cashOutStatusSchema, opsCashOutSchema, rejectCashOutSchema, type OpsCashOut } from '@peakwise/contracts/cash-outs.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, operatorOnly } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';
import { cashOutsForOps, type CashOutRow } from './cash-outs.repository';
import { cashOutView, reviewCashOut } from './cash-outs.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const staffOnly = operatorOnly('cash-out');
const params = z.object({ id: z.uuid({ error: CASH_OUT_MESSAGES.notFound }) });
const QUEUE_LIMIT = 200;

const opsView = (row: CashOutRow): OpsCashOut => ({ ...cashOutView(row), householdId: row.householdId, memberEmail: row.memberEmail, reviewedAt: row.reviewedAt });

/** The operator console's cash-out review queue (decision 041). Staff only. */
export function createOpsCashOutsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireAuth(deps.auth);
  const operator = requireOperator(deps.db);
  const list = createRoute({
    method: 'get',
    path: '/api/ops/cash-outs',
    tags: ['ops'],
    summary: 'Cash-outs by status (held: the review queue, oldest first)',
    middleware: [member, operator] as const,
    request: { query: z.object({ status: cashOutStatusSchema.optional() }) },
    responses: { 200: json('Cash-outs', z.array(opsCashOutSchema)), 400: error('Unknown status'), ...staffOnly },
  });
  const approve = createRoute({
    method: 'post',
    path: '/api/ops/cash-outs/{id}/approve',
    tags: ['ops'],
    summary: 'Approve a held cash-out: it goes to the payout adapter now',
    middleware: [member, operator] as const,
    request: { params },
    responses: { 200: json('Approved (pending)', opsCashOutSchema), 400: error('Malformed id'), 409: error('Not held'), ...staffOnly },
  });
  const reject = createRoute({
    method: 'post',
    path: '/api/ops/cash-outs/{id}/reject',
    tags: ['ops'],
    summary: 'Reject a held cash-out: its points return to the member with the reason',
    middleware: [member, operator] as const,
    request: { params, body: { content: { 'application/json': { schema: rejectCashOutSchema } }, required: true } },
    responses: { 200: json('Rejected (failed, refunded)', opsCashOutSchema), 400: error('Malformed id or no reason'), 409: error('Not held'), ...staffOnly },
  });

  return createRouter()
    .openapi(list, async (c) => c.json((await cashOutsForOps(deps.db, c.req.valid('query').status ?? null, QUEUE_LIMIT)).map(opsView), 200))
    .openapi(approve, async (c) => {
      const row = await deps.db.transaction((tx) => reviewCashOut(tx, c.req.valid('param').id, c.var.user.id, { approve: true }, deps.clock()));
      return c.json(opsView({ ...row, memberEmail: null }), 200);
    })
    .openapi(reject, async (c) => {
      const { reason } = c.req.valid('json');
      const row = await deps.db.transaction((tx) => reviewCashOut(tx, c.req.valid('param').id, c.var.user.id, { approve: false, reason }, deps.clock()));
      return c.json(opsView({ ...row, memberEmail: null }), 200);
    });
}
