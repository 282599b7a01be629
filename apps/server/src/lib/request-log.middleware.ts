import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './create-router';
import type { Logger } from './logger';

/** One structured line per request, tied to the X-Request-Id the client sees. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.error(entry, 'request');
    else logger.info(entry, 'request');
  };
}
