import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ApiError } from '@peakwise/contracts/api-error.contract';
import type { Logger } from './logger';

/** An expected failure with a stable code for the client and an English message for people. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function errorBody(code: string, message: string, details?: unknown): ApiError {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

const CODE_BY_STATUS: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
};

export function validationErrorResponse(c: Context, error: ZodError) {
  const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return c.json(errorBody('validation_failed', 'The request is not valid', details), 400);
}

/** pg-pool's words when every connection stayed busy for the pool's whole connection timeout. */
const POOL_EXHAUSTED = 'timeout exceeded when trying to connect';
/** Seconds a client is asked to wait before trying a busy server again. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** Is this (or what it wraps, as drizzle's query errors do) a connection the pool could not hand out in time? */
export function isPoolExhausted(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e.message === POOL_EXHAUSTED) return true;
  }
  return false;
}

/** Every error leaves /api as `{error:{code,message}}`; unexpected ones never leak their message. */
export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.details), error.status);
    }
    if (error instanceof ZodError) {
      return validationErrorResponse(c, error);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      // Hono's own 4xx (e.g. "Malformed JSON in request body") carry a safe message.
      return c.json(errorBody(CODE_BY_STATUS[status] ?? 'bad_request', error.message || 'Bad request'), status);
    }
    if (isPoolExhausted(error)) {
      // Overload, not a fault: nothing was done, and the same request can succeed a moment later
      // (decision 066), so say so rather than answering a bare 500.
      logger.warn({ method: c.req.method, path: c.req.path, requestId: c.get('requestId') }, 'No database connection free in time; answered 503');
      c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      return c.json(errorBody('service_busy', 'Peakwise is busy right now. Please try again in a moment.'), 503);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path, requestId: c.get('requestId') }, 'Unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong. Please try again.'), 500);
  };
}
