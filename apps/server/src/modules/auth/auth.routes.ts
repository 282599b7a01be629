import { Hono, type Context } from 'hono';
import { socialProviderSchema, type SocialProvider } from '@peakwise/contracts/account.contract';
import { CLIENT_IP_HEADER, clientIp } from '../../lib/client-ip';
import type { Config } from '../../lib/config';
import type { AppEnv } from '../../lib/create-router';
import { errorBody, isPoolExhausted } from '../../lib/errors';
import { AuthFailure, handleNotingCause } from './auth-swallowed-errors';
import { SOCIAL_ERROR_PATH, type Auth } from './auth';
import { isOpenAuthEndpoint } from './auth-endpoints';

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
const AUTH_PREFIX = '/api/auth/';
const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };
/**
 * A reset request for a known email stores a token and queues an email; for an unknown one it
 * only looks. Measured from outside that was about twice as slow, which tells who has an account
 * (ASVS 5.0 6.3.8, decision 067), so every answer waits until this much time has passed.
 * Well above either path on a loaded host; a member waits for it once per forgotten password.
 */
export const PASSWORD_RESET_ANSWER_FLOOR_MS = 400;
const FLOORED_PATHS: ReadonlyMap<string, number> = new Map([['request-password-reset', PASSWORD_RESET_ANSWER_FLOOR_MS]]);

/** The request better-auth sees: our client-IP header (any incoming copy deleted) and the body. */
async function forAuth(c: Context, trustProxy: boolean, override?: { url: string; body: string }): Promise<Request> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
  const method = override ? 'POST' : c.req.method;
  if (override) headers.set('content-type', 'application/json');
  const body = override ? override.body : method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
  return new Request(override?.url ?? c.req.url, { method, headers, ...(body === undefined ? {} : { body }) });
}

/** better-auth's 429 carries X-Retry-After and no code; answer the standard header and a code. */
function normaliseRateLimit(res: Response): Response {
  if (res.status !== 429) return res;
  const retryAfter = res.headers.get('x-retry-after') ?? '60';
  return new Response(JSON.stringify(TOO_MANY), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': retryAfter } });
}

/** An OAuth identity whose email belongs to an account it may not join is shown as account_exists. */
function normaliseOAuthError(res: Response): Response {
  const location = res.headers.get('location');
  if (!location || !location.includes('error=account_not_linked')) return res;
  const headers = new Headers(res.headers);
  headers.set('location', location.replace('error=account_not_linked', 'error=account_exists'));
  return new Response(res.body, { status: res.status, headers });
}

/**
 * better-auth answers the session token in the JSON of sign-in and get-session as well as in
 * the HttpOnly cookie. No client of ours reads it there, and a script that could would carry
 * the session off, so it only ever travels in the cookie.
 */
async function withoutSessionToken(res: Response): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res.clone().json().catch(() => null)) as { token?: unknown; session?: { token?: unknown } | null } | null;
  const inBody = typeof body?.token === 'string';
  const inSession = typeof body?.session?.token === 'string';
  if (!body || (!inBody && !inSession)) return res;
  if (inBody) delete body.token;
  if (inSession) delete body.session!.token;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/** Relative paths ("/app/dashboard", not "//evil.example") or URLs on our own origin. */
function isSafeCallback(value: string, publicUrl: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return true;
  try {
    return new URL(value).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

export function createAuthRoutes(deps: { auth: Auth; config: Config }) {
  const { auth, config } = deps;
  const router = new Hono<AppEnv>();

  router.post('/api/auth/social/:provider', async (c) => {
    const provider = socialProviderSchema.safeParse(c.req.param('provider'));
    if (!provider.success) return c.json(errorBody('not_found', 'Not found'), 404);
    if (!config.oauth[provider.data]) {
      return c.json(errorBody('provider_not_configured', `Sign-in with ${PROVIDER_NAMES[provider.data]} is not available right now.`), 400);
    }
    const body = (await c.req.json().catch(() => ({}))) as { callbackURL?: unknown };
    const callbackURL = body.callbackURL === undefined ? '/app/dashboard' : body.callbackURL;
    if (typeof callbackURL !== 'string' || !isSafeCallback(callbackURL, config.publicUrl)) {
      return c.json(errorBody('invalid_callback_url', 'callbackURL must be a path on this site'), 400);
    }
    const payload = JSON.stringify({ providerId: provider.data, callbackURL, errorCallbackURL: `${config.publicUrl}${SOCIAL_ERROR_PATH}`, disableRedirect: true });
    const res = normaliseRateLimit(await auth.handler(await forAuth(c, config.trustProxy, { url: `${new URL(c.req.url).origin}/api/auth/sign-in/oauth2`, body: payload })));
    if (!res.ok) return res;
    const { url } = (await res.json()) as { url: string };
    const answer = c.json({ url }, 200);
    for (const cookie of res.headers.getSetCookie()) answer.headers.append('set-cookie', cookie);
    return answer;
  });

  router.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const path = c.req.path.slice(AUTH_PREFIX.length);
    if (!isOpenAuthEndpoint(c.req.method, path)) return c.json(errorBody('not_found', 'Not found'), 404);
    const floorMs = FLOORED_PATHS.get(path);
    const answerAt = floorMs === undefined ? undefined : performance.now() + floorMs;
    const { response: res, cause } = await handleNotingCause(async () => auth.handler(await forAuth(c, config.trustProxy)));
    // Overload, which better-auth answers as a bare 500: answered as the rest of the API does
    // (503 service_busy, decision 072). Its other 500s stay as better-auth gives them.
    if (isPoolExhausted(cause)) throw new AuthFailure('better-auth answered 500', cause);
    if (answerAt !== undefined) await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - performance.now())));
    return withoutSessionToken(normaliseOAuthError(normaliseRateLimit(res)));
  });

  return router;
}
