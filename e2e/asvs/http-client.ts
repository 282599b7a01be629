import { PUBLIC_ORIGIN } from './live-server';

export type Reply = { status: number; headers: Headers; text: string; body: unknown; setCookies: string[] };

export type CallOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** The Origin a browser would send; same-site by default on state-changing requests, `null` leaves it out. */
  origin?: string | null;
  /** Leave this client's cookies off the request. */
  anonymous?: boolean;
};

export type Client = {
  /** The address the proxy reports for this client (X-Forwarded-For), so limits count it alone. */
  readonly ip: string;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  cookie(name: string): string | undefined;
  /** The Cookie header this client sends. */
  cookieHeader(): string;
  setCookieHeader(header: string): void;
};

/** Every Set-Cookie the server sent to any client during the run, for the run-wide cookie check. */
export const allSetCookies: string[] = [];

let nextHost = 1;

/** A fresh client address from TEST-NET-3 (RFC 5737): no two clients share a rate-limit bucket. */
function freshIp(): string {
  const n = nextHost++;
  return `203.0.${113 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser, reduced to what the checks need: a cookie jar (name → value, honouring deletion),
 * the Origin header a same-site page sends, and no redirect following.
 */
export function createClient(baseUrl: string, ip: string = freshIp()): Client {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (setCookie: string) => {
    const [pair = ''] = setCookie.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = /;\s*max-age=0/i.test(setCookie) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  };
  return {
    ip,
    cookie: (name) => jar.get(name),
    cookieHeader,
    setCookieHeader(header) {
      jar.clear();
      for (const part of header.split(';')) {
        const at = part.indexOf('=');
        if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
      }
    },
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { 'x-forwarded-for': ip, ...options.headers };
      const origin = options.origin === undefined ? (STATE_CHANGING.has(method) ? PUBLIC_ORIGIN : undefined) : options.origin;
      if (origin !== undefined && origin !== null) headers.origin = origin;
      if (!options.anonymous && jar.size > 0) headers.cookie = cookieHeader();
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${baseUrl}${path}`, { method, headers, redirect: 'manual', ...(body === undefined ? {} : { body }) });
      const text = await res.text();
      const setCookies = res.headers.getSetCookie();
      allSetCookies.push(...setCookies);
      if (!options.anonymous) setCookies.forEach(keep);
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, text, body: parsed, setCookies };
    },
  };
}
