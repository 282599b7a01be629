import type { MiddlewareHandler } from 'hono';
import { API_TOKEN_PREFIX } from '@peakwise/contracts/member-api.contract';
import type { Db } from '../../db/client';
import { errorBody } from '../../lib/errors';
import { hashSecretToken } from '../../lib/secret-token';
import type { AuthEnv } from '../auth/require-auth.middleware';
import { useApiToken } from './api-tokens.repository';
import type { TokenRouteTable } from './token-route-table';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Personal API tokens on /api (decision 060). A request whose Authorization header carries one
 * is the token's member and nobody else: the token must work (401 otherwise, at once after a
 * revocation or its expiry), stay under its rate limit (429), and the route must declare a scope
 * the token holds (403). Then `user` and `bearer` are set and the route's requireAuth takes them
 * instead of a session. Other Authorization headers (meter tokens, providers' callbacks) pass
 * untouched to the routes that check them.
 */
export function bearerTokens(deps: { db: Db; clock: () => Date; routes: TokenRouteTable; rateLimit: number; windowSeconds: number }): MiddlewareHandler<AuthEnv> {
  const windowMs = deps.windowSeconds * 1000;
  return async (c, next) => {
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (token === undefined || !token.startsWith(API_TOKEN_PREFIX)) return next();
    const now = deps.clock();
    const use = token.length <= 128 ? await useApiToken(deps.db, hashSecretToken(token), now, windowMs) : null;
    if (!use) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return c.json(errorBody('invalid_token', 'This API token is not valid: it was revoked, has expired or never existed.'), 401);
    }
    if (use.windowCount > deps.rateLimit) {
      const retryAfter = Math.max(1, Math.ceil((use.windowStartedAt.getTime() + windowMs - now.getTime()) / 1000));
      c.header('Retry-After', String(retryAfter));
      return c.json(errorBody('too_many_requests', 'This API token made too many requests. Try again shortly.'), 429);
    }
    const needed = deps.routes.scopesFor(c.req.method, c.req.path);
    if (needed === null) return c.json(errorBody('token_not_allowed', 'Personal API tokens cannot be used on this route.'), 403);
    if (!needed.some((scope) => use.scopes.includes(scope))) {
      c.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${needed.join(' ')}"`);
      return c.json(errorBody('insufficient_scope', `This API token needs the ${needed.join(' or ')} scope for this route.`), 403);
    }
    c.set('user', use.user);
    c.set('bearer', { tokenId: use.tokenId, scopes: use.scopes });
    return next();
  };
}
