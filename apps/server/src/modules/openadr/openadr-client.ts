import type { OpenAdrConfig } from '../../lib/config-openadr-vtns';
import { openAdrSchema, type HttpMethod } from './openadr-schema';

/**
 * The VEN's HTTP side of one VTN (decision 104): a bearer token by client credentials, renewed
 * before it runs out, and every request and response checked against the official document of the
 * configured version. Whatever goes wrong is an OpenAdrFault whose message never carries the
 * secret or the token, since faults end up in logs and on /ops.
 */

export type OpenAdrFaultKind = 'unauthorized' | 'forbidden' | 'rate_limited' | 'server_error' | 'refused' | 'non_conforming' | 'too_large' | 'timeout' | 'unreachable';

export class OpenAdrFault extends Error {
  constructor(
    readonly kind: OpenAdrFaultKind,
    message: string,
    /** When the VTN said when to come back (Retry-After on a 429 or 503). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'OpenAdrFault';
  }
}

export type OpenAdrRequest = { path?: Record<string, string>; query?: Record<string, string | number | boolean | string[]>; body?: unknown };

export type OpenAdrClient = {
  version: OpenAdrConfig['version'];
  call<T>(method: HttpMethod, template: string, request?: OpenAdrRequest): Promise<T>;
  /** When the last token was obtained, for /ops. */
  lastTokenAt(): Date | null;
  /** A token good for a while yet: the MQTT notifier's OAUTH2_BEARER_TOKEN login uses it as its password. */
  accessToken(): Promise<string>;
};

/** A VTN answer larger than this is refused unread; a day of events is a few kilobytes. */
export const OPENADR_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const OPENADR_TIMEOUT_MS = 15_000;
/** A token is renewed this long before it expires (or half-way through a shorter life), so no call goes out with one about to lapse. */
const RENEW_BEFORE_MS = 60_000;

type Token = { value: string; expiresAt: number | null; renewAt: number | null };

export function createOpenAdrClient(options: {
  config: Pick<OpenAdrConfig, 'vtnUrl' | 'clientId' | 'clientSecret' | 'version'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBodyBytes?: number;
  clock?: () => Date;
}): OpenAdrClient {
  const { config } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? OPENADR_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? OPENADR_MAX_BODY_BYTES;
  const clock = options.clock ?? (() => new Date());
  const schema = openAdrSchema(config.version);
  let token: Token | null = null;
  let tokenAt: Date | null = null;

  const send = async (method: HttpMethod, template: string, request: OpenAdrRequest, url: string, headers: Record<string, string>, body?: string) => {
    const problems = schema.checkRequest({ method, path: template }, { params: { ...request.path, ...request.query }, body: request.body });
    // Our own request outside the document is our bug: it is not sent.
    if (problems.length > 0) throw new OpenAdrFault('non_conforming', `Request ${method.toUpperCase()} ${template} does not conform to OpenADR ${config.version}: ${problems.slice(0, 3).join('; ')}`);
    let response: Response;
    try {
      response = await doFetch(url, { method: method.toUpperCase(), headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      throw abortOrUnreachable(error, method, template, timeoutMs);
    }
    const text = await readCapped(response, maxBodyBytes, method, template, timeoutMs);
    let parsed: unknown;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
        if (response.ok) throw new OpenAdrFault('non_conforming', `${method.toUpperCase()} ${template} answered ${response.status} with a body that is not JSON`);
      }
    }
    if (!response.ok) throw statusFault(response, method, template);
    const answerProblems = schema.checkResponse({ method, path: template }, response.status, parsed);
    if (answerProblems.length > 0) throw new OpenAdrFault('non_conforming', `${method.toUpperCase()} ${template} answered outside OpenADR ${config.version}: ${answerProblems.slice(0, 3).join('; ')}`);
    return parsed;
  };

  const tokenUrl = async (): Promise<string> => {
    // 3.1 names its token endpoint at /auth/server; 3.0.1 has the VTN's own /auth/token only.
    if (!schema.hasPath('/auth/server', 'get')) return `${config.vtnUrl}/auth/token`;
    const info = (await send('get', '/auth/server', {}, `${config.vtnUrl}/auth/server`, { accept: 'application/json' })) as { tokenURL: string };
    return info.tokenURL;
  };

  const fetchToken = async (): Promise<Token> => {
    const url = await tokenUrl();
    const form = { grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret };
    const answer = (await send('post', '/auth/token', { body: form }, url, { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, new URLSearchParams(form).toString())) as {
      access_token: string;
      expires_in?: number;
    };
    tokenAt = clock();
    if (typeof answer.expires_in !== 'number') return { value: answer.access_token, expiresAt: null, renewAt: null };
    const lifetimeMs = answer.expires_in * 1000;
    const expiresAt = tokenAt.getTime() + lifetimeMs;
    return { value: answer.access_token, expiresAt, renewAt: expiresAt - Math.min(RENEW_BEFORE_MS, lifetimeMs / 2) };
  };

  const bearer = async (): Promise<string> => {
    if (!token || (token.renewAt !== null && token.renewAt <= clock().getTime())) token = await fetchToken();
    return token.value;
  };

  const call = async <T>(method: HttpMethod, template: string, request: OpenAdrRequest = {}): Promise<T> => {
    const url = new URL(config.vtnUrl + template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.path?.[name] ?? '')));
    for (const [key, value] of Object.entries(request.query ?? {})) {
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    }
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const attempt = async () =>
      (await send(method, template, request, url.toString(), { authorization: `Bearer ${await bearer()}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) }, body)) as T;
    try {
      return await attempt();
    } catch (error) {
      // A token the VTN no longer takes (revoked, or its clock ahead of ours) gets one fresh try.
      // 3.0.1 documents no 401 for its resources: a refused token can only come back as 403 there.
      const refusedToken = error instanceof OpenAdrFault && (error.kind === 'unauthorized' || (error.kind === 'forbidden' && config.version === '3.0.1'));
      if (!refusedToken || token === null) throw error;
      token = null;
      return attempt();
    }
  };

  return { version: config.version, call, lastTokenAt: () => tokenAt, accessToken: bearer };
}

function abortOrUnreachable(error: unknown, method: string, template: string, timeoutMs: number): OpenAdrFault {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return new OpenAdrFault('timeout', `${method.toUpperCase()} ${template} got no answer within ${timeoutMs} ms`);
  const code = error instanceof Error && error.cause instanceof Error ? ((error.cause as { code?: string }).code ?? error.cause.message) : name;
  return new OpenAdrFault('unreachable', `${method.toUpperCase()} ${template} could not reach the VTN (${code})`);
}

async function readCapped(response: Response, maxBytes: number, method: string, template: string, timeoutMs: number): Promise<string> {
  const tooLarge = () => new OpenAdrFault('too_large', `${method.toUpperCase()} ${template} answered with more than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof OpenAdrFault) throw error;
    throw abortOrUnreachable(error, method, template, timeoutMs);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function statusFault(response: Response, method: string, template: string): OpenAdrFault {
  const what = `${method.toUpperCase()} ${template} answered ${response.status}`;
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined;
  if (response.status === 401) return new OpenAdrFault('unauthorized', what);
  if (response.status === 403) return new OpenAdrFault('forbidden', what);
  if (response.status === 429) return new OpenAdrFault('rate_limited', what, retryAfterMs);
  if (response.status >= 500) return new OpenAdrFault('server_error', what, retryAfterMs);
  return new OpenAdrFault('refused', what);
}
