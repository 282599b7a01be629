import { createRoute, z } from '@hono/zod-openapi';
import { activityQuerySchema, adjustmentSchema, LEDGER_MESSAGES, opsLedgerSchema, opsMemberSchema } from '@peakwise/contracts/points-ledger.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, operatorOnly } from '../../lib/create-router';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';
import { activityPage } from './points-activity.service';
import { adjustPoints } from './points-adjustments.service';
import { findMembers, householdOwnerEmail } from './points-adjustments.repository';
import { memberPoints } from './points.repository';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const staffOnly = operatorOnly('member');
const params = z.object({ id: z.uuid({ error: LEDGER_MESSAGES.noMember }) });
const DEFAULT_PAGE = 50;

/** A member's ledger in the operator console: read-only, plus audited manual adjustments (decision 041). */
export function createOpsLedgerRoutes(deps: { auth: Auth; db: Db }) {
  const member = requireAuth(deps.auth);
  const operator = requireOperator(deps.db);
  const search = createRoute({
    method: 'get',
    path: '/api/ops/members',
    tags: ['ops'],
    summary: 'Find members by sign-in email',
    middleware: [member, operator] as const,
    request: { query: z.object({ email: z.string().trim().min(3, { error: 'Type at least 3 characters of the email.' }).max(254) }) },
    responses: { 200: json('Members', z.array(opsMemberSchema)), 400: error('Query too short'), ...staffOnly },
  });
  const ledger = createRoute({
    method: 'get',
    path: '/api/ops/households/{id}/ledger',
    tags: ['ops'],
    summary: 'A member’s balance and ledger entries with running balances, newest first',
    middleware: [member, operator] as const,
    request: { params, query: activityQuerySchema },
    responses: { 200: json('Ledger', opsLedgerSchema), 400: error('Malformed id or cursor'), ...staffOnly },
  });
  const adjust = createRoute({
    method: 'post',
    path: '/api/ops/households/{id}/adjustments',
    tags: ['ops'],
    summary: 'Credit or debit a member’s points with a reason (audited)',
    middleware: [member, operator] as const,
    request: { params, body: { content: { 'application/json': { schema: adjustmentSchema } }, required: true } },
    responses: {
      200: json('Already made with this key', z.object({ balance: z.number().int() })),
      201: json('Adjusted', z.object({ balance: z.number().int() })),
      400: error('Not a whole positive number of points, or no reason'),
      409: error('The debit would take the balance below zero, or the key was used for another adjustment'),
      ...staffOnly,
    },
  });

  return createRouter()
    .openapi(search, async (c) => c.json(await findMembers(deps.db, c.req.valid('query').email, 20), 200))
    .openapi(ledger, async (c) => {
      const { id } = c.req.valid('param');
      const { cursor, limit } = c.req.valid('query');
      const owner = await householdOwnerEmail(deps.db, id);
      if (!owner) throw new AppError(404, 'not_found', LEDGER_MESSAGES.noMember);
      const [summary, page] = await Promise.all([memberPoints(deps.db, id), activityPage(deps.db, id, cursor, limit ?? DEFAULT_PAGE)]);
      return c.json({ householdId: id, memberEmail: owner.email, balance: summary.balance, activity: page.activity, nextCursor: page.nextCursor }, 200);
    })
    .openapi(adjust, async (c) => {
      const { id } = c.req.valid('param');
      const { created } = await deps.db.transaction((tx) => adjustPoints(tx, id, c.var.user.id, c.req.valid('json')));
      const { balance } = await memberPoints(deps.db, id);
      return created ? c.json({ balance }, 201) : c.json({ balance }, 200);
    });
}
