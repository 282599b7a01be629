import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../../lib/errors';
import type { Auth } from './auth';

export type AuthUser = { id: string; email: string; name: string };
export type AuthVariables = { user: AuthUser; sessionId: string };
export type AuthEnv = { Variables: AuthVariables };

/**
 * Resolves the member from the session cookie (a database read on every request, so a signed-out
 * or revoked session stops working at once) or answers 401. A session due for its daily refresh
 * gets its renewed cookie on this response.
 */
export function requireAuth(auth: Auth): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (!response) return c.json(errorBody('unauthorized', 'Authentication required'), 401);
    c.set('user', { id: response.user.id, email: response.user.email, name: response.user.name });
    c.set('sessionId', response.session.id);
    await next();
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  };
}
