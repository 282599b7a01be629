import { OpenAPIHono } from '@hono/zod-openapi';
import type { RequestIdVariables } from 'hono/request-id';
import { validationErrorResponse } from './errors';

export type AppEnv = { Variables: RequestIdVariables };

/**
 * Every router shares one validation hook, so a bad param or body answers the same 400
 * `{error:{code:'validation_failed',...}}` wherever it is declared.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationErrorResponse(c, result.error);
    },
  });
}
