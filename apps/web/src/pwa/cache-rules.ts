/**
 * What the service worker may keep for offline use and what it must never touch
 * (docs/decisions/061-installable-offline-app.md). Pure, so the rules are tested without a worker.
 */

/** The header the worker adds to an answer it served from its store: when it was saved (ms since epoch). */
export const SAVED_AT_HEADER = 'Peakwise-Saved-At';
/** The header the worker adds to its own 503 when it is offline and holds nothing for the request. */
export const OFFLINE_MISS_HEADER = 'Peakwise-Offline';
/** The header the web app puts on its reads: the member the answer is for (the worker files it under them). */
export const MEMBER_HEADER = 'Peakwise-Member';

/** The shell cache's prefix; each build has its own, named by the precache list's hash. */
export const SHELL_CACHE_PREFIX = 'peakwise-shell-';
/** One member's saved screen data; the name ends with their id. */
export const DATA_CACHE_PREFIX = 'peakwise-data-';
/** The record, inside a member's data cache, of whose data it is (what the portal shows when it opens offline). */
export const MEMBER_RECORD_PATH = '/__peakwise/offline-member';

/** How long a portal read waits for the network before the saved answer is shown instead. */
export const NETWORK_TIMEOUT_MS = 3_000;

export const dataCacheName = (memberId: string) => `${DATA_CACHE_PREFIX}${memberId}`;

/**
 * The read APIs behind the portal's screens, the only API answers the worker keeps. An allow-list,
 * so a route added later stays uncached until someone decides otherwise.
 */
const SCREEN_READS: readonly RegExp[] = [
  /^\/api\/dashboard$/,
  /^\/api\/dashboard\/(usage|alerts)$/,
  // The Dashboard's home prompt (decision 057): without it saved, an offline Dashboard's only
  // network failure made the screen look never seen once its other reads came from the cache.
  /^\/api\/household\/home$/,
  /^\/api\/solar\/summary$/,
  /^\/api\/usage\/(summary|history)$/,
  /^\/api\/maintenance$/,
  /^\/api\/plumbing$/,
  /^\/api\/devices$/,
  /^\/api\/events\/next$/,
  /^\/api\/events\/[^/]+$/,
  /^\/api\/billing\/summary$/,
  /^\/api\/points$/,
  /^\/api\/rewards\/catalogue$/,
];

/**
 * Never kept nor served from the store, even if one day it matched the allow-list: signing in and
 * out, the live stream, money (payments, redemptions, cash-outs, payouts), downloads and exports,
 * sessions and the operator console.
 */
const NEVER: readonly RegExp[] = [
  /^\/api\/auth(\/|$)/,
  /^\/api\/live(\/|$)/,
  /^\/api\/billing\/(payments|payment-methods|autopay)(\/|$)/,
  /^\/api\/payments(\/|$)/,
  /^\/api\/sandbox-processor(\/|$)/,
  /^\/api\/rewards\/(orders|redeem)/,
  /^\/api\/rewards\/items\/[^/]+\/redeem/,
  /^\/api\/cash-outs(\/|$)/,
  /^\/api\/payouts(\/|$)/,
  /^\/api\/privacy-exports(\/|$)/,
  /^\/api\/sessions(\/|$)/,
  /^\/api\/ops(\/|$)/,
  /\.(csv|pdf|xml|zip)$/,
];

export type RequestFacts = {
  method: string;
  url: string;
  /** The worker's own origin. */
  origin: string;
  /** The request's Cache-Control, if any. */
  cacheControl?: string | null;
  /** Whether the request asks for part of a resource (Range). */
  hasRange?: boolean;
};

function sameOriginPath(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  return parsed.origin === origin ? parsed.pathname : null;
}

const noStore = (cacheControl: string | null | undefined) => /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl ?? '');

/** Whether a path is one the worker must leave alone entirely (it goes to the network as if there were no worker). */
export function isNeverCached(path: string): boolean {
  return NEVER.some((pattern) => pattern.test(path));
}

/** Whether this request is a portal screen's read: fetched network-first and kept for offline use. */
export function isCacheableApiRead(request: RequestFacts): boolean {
  if (request.method.toUpperCase() !== 'GET') return false;
  if (request.hasRange) return false;
  // The page itself asked that nothing keep this one.
  if (noStore(request.cacheControl)) return false;
  const path = sameOriginPath(request.url, request.origin);
  if (!path || !path.startsWith('/api/')) return false;
  if (isNeverCached(path)) return false;
  return SCREEN_READS.some((pattern) => pattern.test(path));
}

export type ResponseFacts = { status: number; type?: string; contentType?: string | null };

/**
 * Whether an answer to a cacheable read may be kept: a whole, successful JSON answer. The API marks
 * every member's answer `no-store` for HTTP caches (browser, proxy, CDN); the worker's store is not
 * one of those: it belongs to the member, is filed under their id and is emptied when they sign
 * out, so for the allow-listed reads the server's `no-store` does not forbid it (a `no-store` the
 * page itself puts on a request does: see isCacheableApiRead).
 */
export function isStorableApiResponse(response: ResponseFacts): boolean {
  if (response.status !== 200) return false;
  if (response.type && response.type !== 'basic' && response.type !== 'default') return false;
  if (!(response.contentType ?? '').toLowerCase().startsWith('application/json')) return false;
  return true;
}

/** Whether a same-origin GET that is not an API call is part of the app shell (precached files, page navigations). */
export function isShellRequest(request: RequestFacts & { mode?: string }): 'navigation' | 'asset' | null {
  if (request.method.toUpperCase() !== 'GET') return null;
  const path = sameOriginPath(request.url, request.origin);
  if (!path || path === '/api' || path.startsWith('/api/')) return null;
  if (request.mode === 'navigate') return 'navigation';
  return 'asset';
}

/**
 * The member whose data cache may take an answer: the one the page said the request is for, and
 * only if that member's cache is the one that exists (the page creates it when the member is known
 * and deletes every other on the way). Anything else is not kept.
 */
export function memberCacheFor(memberHeader: string | null, existingCaches: readonly string[]): string | null {
  if (!memberHeader) return null;
  const wanted = dataCacheName(memberHeader);
  const dataCaches = existingCaches.filter((name) => name.startsWith(DATA_CACHE_PREFIX));
  return dataCaches.length === 1 && dataCaches[0] === wanted ? wanted : null;
}

/** The only data cache that may answer offline: exactly one member's, or none. */
export function offlineDataCache(existingCaches: readonly string[]): string | null {
  const dataCaches = existingCaches.filter((name) => name.startsWith(DATA_CACHE_PREFIX));
  return dataCaches.length === 1 ? (dataCaches[0] ?? null) : null;
}
