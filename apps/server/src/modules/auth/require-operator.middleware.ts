import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client';
import { errorBody } from '../../lib/errors';
import { guardedBy, OPERATOR_ROLE } from '../../lib/route-security';
import { isOperator } from './user-role.repository';
import type { AuthEnv } from './require-auth.middleware';

/**
 * After requireAuth: only Peakwise staff pass. A member gets the same 404 as a path that does
 * not exist, so the console's routes reveal nothing to someone probing them.
 */
export function requireOperator(db: Db): MiddlewareHandler<AuthEnv> {
  return guardedBy<AuthEnv>(
    async (c, next) => {
      if (!(await isOperator(db, c.var.user.id))) return c.json(errorBody('not_found', 'Not found'), 404);
      return next();
    },
    { role: OPERATOR_ROLE },
  );
}
