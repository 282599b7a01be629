import type { MiddlewareHandler } from 'hono';
import type { AuthUser } from './auth-user';

/**
 * `memo`: what a request worked out from this session's member that only an API write can change
 * (the household, decision 072), kept and forgotten with the entry, so under the same bounds.
 */
export type CachedSession = { user: AuthUser; sessionId: string; expiresAt: number; memo: SessionMemo };

/** Per-session values (see CachedSession); a request whose session is not cached gets a fresh one. */
export type SessionMemo = Map<string, unknown>;

export type SessionCache = {
  get(key: string): CachedSession | undefined;
  /** Read before looking the session up; `set` ignores a lookup that a `clear` overtook. */
  generation(): number;
  set(key: string, session: CachedSession, generation: number): void;
  /** Forget every session: something that can end or change one is happening. */
  clear(): void;
};

/** Cookie and Authorization header together: what better-auth reads to find the session. */
export function sessionCacheKey(headers: Headers): string | null {
  const cookie = headers.get('cookie');
  const authorization = headers.get('authorization');
  return cookie || authorization ? `${cookie ?? ''}\u0000${authorization ?? ''}` : null;
}

/**
 * Who a session cookie belongs to, remembered for `ttlMs`. Reading the session and user rows
 * through better-auth was two queries and about a millisecond of the event loop on every API
 * request, most of a chart read's cost. Every request that may end or change a session (any
 * non-GET API call in this process: sign-out, revoking a session, password change, account
 * deletion, profile edits) clears the whole cache before and after it runs, so here those take
 * effect at once. Other server processes hear of it through `pg_notify` before the response
 * leaves; `ttlMs` bounds what a lost notification can cost (decisions 022, 027).
 */
export function createSessionCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }): SessionCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, CachedSession & { until: number }>();
  let generation = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (at >= entry.until || at >= entry.expiresAt) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    generation: () => generation,
    set(key, session, seen) {
      // A sign-out that ran while this lookup was in flight must not be undone by it.
      if (seen !== generation) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { ...session, until: now() + options.ttlMs });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

/**
 * better-auth GETs that only read. Its other GETs can change a member (an email verification
 * link, an OAuth callback); this one the web app calls on every page load and renewal, and
 * treating it as a change would clear every process's cache each time.
 */
const AUTH_READS = new Set(['/api/auth/get-session']);

/**
 * better-auth writes that only add a session, for a cookie no cache has seen: they cannot end or
 * change one the cache holds. Treated as changes, every sign-in cleared every process's cache —
 * under the load bench's 2 sign-ins/s, about every other read looked its session up again
 * (decision 072).
 */
const AUTH_SESSION_CREATES = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

/**
 * Clears the cache around every request that may change a session (see createSessionCache):
 * any API write, and any better-auth request but its pure reads and its sign-in and sign-up. After the request, `announce`
 * tells the other server processes to clear theirs; it is awaited so that once a member sees
 * "signed out", no process still honours the session.
 */
export function clearSessionsOnWrite(cache: SessionCache, skip: (path: string) => boolean, announce: () => Promise<void>): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    const read = c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS';
    const write = (!read || (path.startsWith('/api/auth/') && !AUTH_READS.has(path))) && !AUTH_SESSION_CREATES.has(path) && !skip(path);
    if (write) cache.clear();
    try {
      await next();
    } finally {
      if (write) {
        cache.clear();
        await announce();
      }
    }
  };
}
