import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import type { RequestIdVariables } from 'hono/request-id';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import type { ApiTokenScope } from '@peakwise/contracts/member-api.contract';
import { validationErrorResponse } from './errors';
import { MEMBER_TOKEN_SCHEME, securityOf } from './route-security';

export type AppEnv = { Variables: RequestIdVariables };

/**
 * Every router shares one validation hook, so a bad param or body answers the same 400
 * `{error:{code:'validation_failed',...}}` wherever it is declared. Answers are never stored by a
 * cache unless their route sets its own Cache-Control (lib/no-store.middleware.ts, for all of /api).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationErrorResponse(c, result.error);
    },
  });
  // Every route's OpenAPI security is what its guarding middleware checks (lib/route-security.ts),
  // and every route has a name a generated client can call it by.
  const register = router.openapi;
  router.openapi = ((route, handler, hook) =>
    register(
      { ...route, operationId: route.operationId ?? operationIdOf(route.method, route.path), security: securityOf(route.middleware, route.security) },
      handler,
      hook,
    )) as typeof register;
  return router;
}

/** `post` `/api/maintenance/alerts/{id}/dismiss` → `postMaintenanceAlertsByIdDismiss`: unique, as method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter((word) => word !== '')
    .map((word) => (word.startsWith('{') ? `By${capitalise(word.slice(1, -1))}` : capitalise(word)));
  return `${method.toLowerCase()}${words.join('')}`;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A zod schema as plain JSON Schema, for a body the route reads and checks itself: given as zod,
 * the route would refuse a request the schema does not fit before its handler runs.
 */
export function documentedOnly(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return jsonSchema;
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

/**
 * A signed-in route a personal API token may also call (decision 060), with any one of `scopes`.
 * The scopes are declared in the route's OpenAPI security, and that declaration is what the
 * bearer check enforces: a route declared without them refuses every token.
 */
export function memberTokenRoute<R extends RouteConfig>(scopes: readonly [ApiTokenScope, ...ApiTokenScope[]], config: R) {
  return signedInRoute({
    ...config,
    // The session requirement comes from the route's guard; the scopes are the alternatives.
    security: scopes.map((scope) => ({ [MEMBER_TOKEN_SCHEME]: [scope] })),
    responses: { 403: errorResponse('A personal API token without the scope this route needs'), ...config.responses },
  });
}
