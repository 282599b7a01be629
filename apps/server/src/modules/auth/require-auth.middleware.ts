import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../../lib/errors';
import { guardedBy, SESSION_SCHEME } from '../../lib/route-security';
import type { Auth } from './auth';
import type { AuthUser } from './auth-user';
import { withSwallowedCause } from './auth-swallowed-errors';
import { sessionCacheKey, type SessionCache, type SessionMemo } from './session-cache';

/**
 * `bearer` is set, with `user`, when a personal API token authenticated the request (decision
 * 060, modules/api-tokens/bearer-token.middleware.ts); then there is no session.
 */
export type AuthVariables = { user: AuthUser; sessionId: string; bearer?: { tokenId: string; scopes: string[] }; sessionMemo?: SessionMemo };
export type AuthEnv = { Variables: AuthVariables };

/**
 * The app's session cache for an auth instance (see session-cache.ts). Kept beside the auth
 * instance rather than passed to every route factory; an auth without one reads every time.
 */
const caches = new WeakMap<Auth, SessionCache>();

export function useSessionCache(auth: Auth, cache: SessionCache) {
  caches.set(auth, cache);
}

/**
 * Resolves the member from the session cookie or answers 401. The session is read from the
 * database (and a session due for its daily refresh gets its renewed cookie on this response)
 * unless the app's session cache saw the same cookie moments ago.
 */
export function requireAuth(auth: Auth): MiddlewareHandler<AuthEnv> {
  return guardedBy<AuthEnv>(async (c, next) => {
    // Only routes that declare a token scope get this far with a token; its member is the caller
    // and a cookie sent alongside is ignored.
    if (c.var.bearer) return next();
    const cache = caches.get(auth);
    const key = cache ? sessionCacheKey(c.req.raw.headers) : null;
    const cached = key ? cache!.get(key) : undefined;
    if (cached) {
      c.set('user', cached.user);
      c.set('sessionId', cached.sessionId);
      c.set('sessionMemo', cached.memo);
      return next();
    }
    const generation = cache?.generation() ?? 0;
    // better-auth turns a failed database read into a bare 500; this puts the cause back, so an
    // overloaded pool answers 503 service_busy like every other read (decision 072).
    const { headers, response } = await withSwallowedCause(() => auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true }));
    if (!response) return c.json(errorBody('unauthorized', 'Authentication required'), 401);
    const user = { id: response.user.id, email: response.user.email, name: response.user.name };
    const memo: SessionMemo = new Map();
    if (key) cache!.set(key, { user, sessionId: response.session.id, expiresAt: new Date(response.session.expiresAt).getTime(), memo }, generation);
    c.set('user', user);
    c.set('sessionId', response.session.id);
    c.set('sessionMemo', memo);
    await next();
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  }, { scheme: SESSION_SCHEME });
}
