import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { RequestIdVariables } from 'hono/request-id';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import type { ApiTokenScope } from '@peakwise/contracts/member-api.contract';
import { validationErrorResponse } from './errors';

export type AppEnv = { Variables: RequestIdVariables };

/**
 * Every router shares one validation hook, so a bad param or body answers the same 400
 * `{error:{code:'validation_failed',...}}` wherever it is declared. Answers are never stored by a
 * cache unless their route sets its own Cache-Control (lib/no-store.middleware.ts, for all of /api).
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationErrorResponse(c, result.error);
    },
  });
}

/** The `{ error: { code, message } }` body of every error answer. */
export const errorContent = { 'application/json': { schema: apiErrorSchema } };

/** An error answer of a route's OpenAPI description. */
export const errorResponse = (description: string) => ({ description, content: errorContent });

/** The 404 of a route that looks a thing up in the member's own household. */
export const notFoundResponse = (what: string) => ({ 404: errorResponse(`No such ${what} in the member’s household`) });

/**
 * A route for signed-in members: its own answers plus the 401 every such route gives, so a new
 * route cannot leave it out. Its middleware (requireAuth or requireHousehold) does the checking.
 */
export function signedInRoute<R extends RouteConfig>(config: R) {
  return createRoute({ ...config, responses: { ...config.responses, 401: errorResponse('Not signed in') } });
}

/**
 * The answers every /ops route gives besides its own: 401 signed out, and 404 for a member (the
 * console does not exist for them) or for a missing thing.
 */
export const operatorOnly = (what: string) => ({ 401: errorResponse('Not signed in'), 404: errorResponse(`Not an operator, or no such ${what}`) });

/** OpenAPI names of the two ways to sign in (registered in app.ts): the web session's cookie and a personal API token. */
export const SESSION_SCHEME = 'session';
export const MEMBER_TOKEN_SCHEME = 'memberToken';

/**
 * A signed-in route a personal API token may also call (decision 060), with any one of `scopes`.
 * The scopes are declared in the route's OpenAPI security, and that declaration is what the
 * bearer check enforces: a route declared without them refuses every token.
 */
export function memberTokenRoute<R extends RouteConfig>(scopes: readonly [ApiTokenScope, ...ApiTokenScope[]], config: R) {
  return signedInRoute({
    ...config,
    security: [{ [SESSION_SCHEME]: [] }, ...scopes.map((scope) => ({ [MEMBER_TOKEN_SCHEME]: [scope] }))],
    responses: { 403: errorResponse('A personal API token without the scope this route needs'), ...config.responses },
  });
}
