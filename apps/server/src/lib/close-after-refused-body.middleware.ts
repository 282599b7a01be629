import type { MiddlewareHandler } from 'hono';

/**
 * A 413 is answered before the request's body has been read, and the Node adapter then drops the
 * rest of that body by closing the socket. Left to itself the answer still said
 * `Connection: keep-alive`, so a client sent its next request down a socket about to close and
 * saw it fail (decision 080). Saying `Connection: close` is the truth: Node ends the socket after
 * the answer, and the client opens a new one for its next request.
 */
export function closeAfterRefusedBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 413) c.res.headers.set('connection', 'close');
  };
}
