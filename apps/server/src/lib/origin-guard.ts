import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Devices post readings with bearer tokens, not cookies, so the browser's Origin does not apply.
// The one-click unsubscribe is authorised by the signed token in its URL, never by a cookie, and
// RFC 8058 has the mail provider POST it, possibly from a webmail page of another origin.
const EXEMPT_PREFIXES = ['/api/ingest/', '/api/unsubscribe'];

/**
 * Cross-site request forgery guard for /api: a state-changing request whose Origin header names
 * another site is refused. Requests without an Origin (curl, devices, server-to-server) carry no
 * ambient browser credentials worth protecting here and pass; better-auth keeps its own check.
 * `authorisedWithoutCookie` names requests that an earlier middleware authenticated by a header
 * a browser never adds on its own (a personal API token, decision 060): forgery needs a cookie.
 */
export function originGuard(publicUrl: string, options: { authorisedWithoutCookie?: (c: Context) => boolean } = {}): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || EXEMPT_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return next();
    if (options.authorisedWithoutCookie?.(c)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== allowed) {
      return c.json(errorBody('forbidden_origin', 'Cross-site request refused'), 403);
    }
    return next();
  };
}
