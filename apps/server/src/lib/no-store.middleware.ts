import type { MiddlewareHandler } from 'hono';

/**
 * API answers carry a member's data, so no cache (browser, proxy, CDN) may keep one unless its
 * route says otherwise by setting its own Cache-Control (a public postal lookup, say). A route
 * that forgets is safe by default.
 */
export function noStoreByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
