import type { Env, MiddlewareHandler } from 'hono';

/**
 * OpenAPI names of the ways a caller proves who it is; app.ts registers each scheme (decision 083).
 * The session and personal API tokens are a member's; the rest belong to meters and providers.
 */
export const SESSION_SCHEME = 'session';
export const MEMBER_TOKEN_SCHEME = 'memberToken';
export const INGEST_TOKEN_SCHEME = 'ingestToken';
export const PAYOUT_PROVIDER_SCHEME = 'payoutProvider';
export const SMS_PROVIDER_SCHEME = 'smsProvider';
export const PAYMENT_SIGNATURE_SCHEME = 'paymentSignature';
export const OPENADR_VTN_SCHEME = 'openadrVtn';
/** The role a session must hold on /api/ops routes, written as the session scheme's role name. */
export const OPERATOR_ROLE = 'operator';

/** What a guarding middleware asks for: a credential of one scheme, or a role of the session. */
export type RouteGuard = { scheme: string } | { role: string };

/** One way to satisfy a route: every scheme named, each with the roles (or token scopes) listed. */
export type SecurityRequirement = Record<string, string[]>;

const guards = new WeakMap<object, RouteGuard>();

/**
 * Marks a middleware as the check it performs. A route's OpenAPI security is read from the guards
 * in its middleware list, so the document says what the route enforces and cannot drift from it.
 */
export function guardedBy<E extends Env>(middleware: MiddlewareHandler<E>, guard: RouteGuard): MiddlewareHandler<E> {
  guards.set(middleware, guard);
  return middleware;
}

/**
 * The `security` of a route: the one requirement its guards make (several schemes in one chain
 * must all pass; roles qualify the session), or `[]` when nothing guards it. `declared` may only
 * add personal API token alternatives (routes/memberTokenRoute), and only to a session route: a
 * route cannot claim a check by declaration alone.
 */
export function securityOf(middleware: unknown, declared: readonly SecurityRequirement[] | undefined): SecurityRequirement[] {
  const chain: unknown[] = Array.isArray(middleware) ? middleware : middleware ? [middleware] : [];
  const schemes: string[] = [];
  const roles: string[] = [];
  for (const handler of chain) {
    const guard = typeof handler === 'function' ? guards.get(handler) : undefined;
    if (!guard) continue;
    if ('scheme' in guard) {
      if (!schemes.includes(guard.scheme)) schemes.push(guard.scheme);
    } else if (!roles.includes(guard.role)) roles.push(guard.role);
  }
  if (roles.length > 0 && !schemes.includes(SESSION_SCHEME)) throw new Error(`A role (${roles.join(', ')}) needs the session guard before it`);
  const tokens = declared ?? [];
  for (const requirement of tokens) {
    const keys = Object.keys(requirement);
    if (keys.length !== 1 || keys[0] !== MEMBER_TOKEN_SCHEME) {
      throw new Error(`Security is read from the route's guards; only ${MEMBER_TOKEN_SCHEME} scopes may be declared, not ${JSON.stringify(requirement)}`);
    }
  }
  if (tokens.length > 0 && (!schemes.includes(SESSION_SCHEME) || roles.length > 0)) throw new Error('Personal API tokens open only routes for signed-in members');
  if (schemes.length === 0) return [];
  const required = Object.fromEntries(schemes.map((scheme) => [scheme, scheme === SESSION_SCHEME ? roles : []]));
  return [required, ...tokens];
}
