import { z } from '@hono/zod-openapi';
import { connectedSessionsSchema } from '@peakwise/contracts/account.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import { AppError } from '../../lib/errors';
import type { Auth } from './auth';
import { maskIp, placeOf } from './ip-display';
import { requireAuth } from './require-auth.middleware';
import { isSharedDemo } from './shared-demo';
import { activeSessionsOf, deleteSessionOf } from './sessions.repository';
import { describeUserAgent } from './user-agent';

/** Settings → connected devices: the member's live sessions, and signing one of them out. */
export function createSessionRoutes(deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const member = requireAuth(auth);

  const list = signedInRoute({
    method: 'get',
    path: '/api/sessions',
    tags: ['account'],
    summary: 'List the signed-in member’s active sessions',
    middleware: [member] as const,
    responses: {
      200: { description: 'Active sessions, most recently active first', content: { 'application/json': { schema: connectedSessionsSchema } } },
    },
  });

  const revoke = signedInRoute({
    method: 'delete',
    path: '/api/sessions/{id}',
    tags: ['account'],
    summary: 'Sign one of the member’s sessions out',
    middleware: [member] as const,
    request: { params: z.object({ id: z.string().min(1).max(100) }) },
    responses: {
      204: { description: 'Signed out' },
      400: errorResponse('Not a session id'),
      404: errorResponse('No such session for this member'),
    },
  });

  return createRouter()
    .openapi(list, async (c) => {
      const all = await activeSessionsOf(db, c.var.user.id, new Date());
      // On a shared demo account the other sessions are other visitors (decision 082).
      const rows = isSharedDemo(c.var.user) ? all.filter((row) => row.id === c.var.sessionId) : all;
      const body = rows.map((row) => ({
        id: row.id,
        current: row.id === c.var.sessionId,
        ...describeUserAgent(row.userAgent),
        ipAddress: maskIp(row.ipAddress),
        place: placeOf(row.ipAddress),
        lastActiveAt: row.updatedAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }));
      return c.json(body, 200);
    })
    .openapi(revoke, async (c) => {
      // Another member's session id looks exactly like one that does not exist; so does another
      // visitor's on a shared demo account (decision 082).
      const id = c.req.valid('param').id;
      const reachable = !isSharedDemo(c.var.user) || id === c.var.sessionId;
      if (!reachable || !(await deleteSessionOf(db, c.var.user.id, id))) throw new AppError(404, 'not_found', 'Session not found');
      return c.body(null, 204);
    });
}
