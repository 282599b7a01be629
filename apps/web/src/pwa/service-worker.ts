/**
 * Peakwise's one service worker (docs/decisions/061-installable-offline-app.md): it keeps the app
 * shell for offline use, answers the portal's screen reads network-first from the signed-in
 * member's own store when the network is gone, and shows web push notifications (decision 035).
 * Built by the `peakwise-pwa` block in vite.config.ts into dist/sw.js with the precache list.
 */
import {
  dataCacheName,
  isCacheableApiRead,
  isNeverCached,
  isShellRequest,
  isStorableApiResponse,
  MEMBER_HEADER,
  memberCacheFor,
  NETWORK_TIMEOUT_MS,
  OFFLINE_MISS_HEADER,
  offlineDataCache,
  SAVED_AT_HEADER,
  SHELL_CACHE_PREFIX,
} from './cache-rules';

// Filled in by the build: the built files and the hash of that list.
declare const __PEAKWISE_PRECACHE__: readonly string[];
declare const __PEAKWISE_SHELL_VERSION__: string;

// The worker's own global, typed here rather than with the WebWorker library, which cannot share a
// program with the DOM library the rest of the app is checked against.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown; text(): string } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification };
type WindowClient = { url: string; focus(): Promise<WindowClient>; navigate?(url: string): Promise<WindowClient | null> };
type WorkerScope = {
  location: Location;
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};

const sw = self as unknown as WorkerScope;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__PEAKWISE_SHELL_VERSION__}`;
const SHELL_PAGE = '/index.html';
const DASHBOARD = '/app/dashboard';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([...__PEAKWISE_PRECACHE__]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const origin = sw.location.origin;
  const facts = {
    method: request.method,
    url: request.url,
    origin,
    cacheControl: request.headers.get('Cache-Control'),
    hasRange: request.headers.has('Range'),
    mode: request.mode,
  };
  const path = new URL(request.url).pathname;
  // Not answering leaves the request to the browser, exactly as without a worker.
  if (isNeverCached(path)) return;
  if (isCacheableApiRead(facts)) return event.respondWith(screenRead(request));
  const shell = isShellRequest(facts);
  if (shell === 'navigation') return event.respondWith(page(request));
  if (shell === 'asset' && __PEAKWISE_PRECACHE__.includes(path)) return event.respondWith(precached(request, path));
});

class Timeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Timeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A portal screen's read: the network first, the member's saved copy when it fails or is slow. */
async function screenRead(request: Request): Promise<Response> {
  const network = fetch(request);
  try {
    const response = await withTimeout(network, NETWORK_TIMEOUT_MS);
    await keep(request, response);
    return response;
  } catch (error) {
    const saved = await savedCopy(request);
    if (saved) {
      // A slow answer that does arrive still refreshes the store for next time.
      if (error instanceof Timeout) network.then((late) => keep(request, late)).catch(() => undefined);
      return saved;
    }
    if (error instanceof Timeout) return network.catch(() => offlineMiss());
    return offlineMiss();
  }
}

async function keep(request: Request, response: Response): Promise<void> {
  const facts = { status: response.status, type: response.type, contentType: response.headers.get('Content-Type') };
  if (!isStorableApiResponse(facts)) return;
  const cacheName = memberCacheFor(request.headers.get(MEMBER_HEADER), await caches.keys());
  if (!cacheName) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  const body = await response.clone().arrayBuffer();
  // The member may have signed out while the answer was on its way: the cache is gone then.
  if (!(await caches.has(cacheName))) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

async function savedCopy(request: Request): Promise<Response | null> {
  const name = offlineDataCache(await caches.keys());
  // Only the member the page is signed in as: another member's saved answers are never served.
  const member = request.headers.get(MEMBER_HEADER);
  if (!name || !member || name !== dataCacheName(member)) return null;
  const cache = await caches.open(name);
  return (await cache.match(request)) ?? null;
}

function offlineMiss(): Response {
  const body = JSON.stringify({ error: { code: 'offline', message: 'You are offline and this has not been seen on this device yet.' } });
  return new Response(body, { status: 503, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', [OFFLINE_MISS_HEADER]: 'miss' } });
}

/** Pages come from the network (prerendered public pages, fresh index.html); offline, the saved app shell. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (!shell) throw error;
    // A copy: a saved answer that came through a redirect may not answer a navigation.
    return new Response(await shell.blob(), { status: 200, headers: shell.headers });
  }
}

/** Built files never change under one name, so the saved copy is as good as the network's. */
async function precached(request: Request, path: string): Promise<Response> {
  const saved = await caches.match(path, { cacheName: SHELL_CACHE });
  return saved ?? fetch(request);
}

// Web push (decision 035): shows what the server pushes ({ title, body, url, tag }) and opens its page on click.
sw.addEventListener('push', (event) => {
  let message: Record<string, unknown> = {};
  try {
    const parsed = event.data ? event.data.json() : {};
    message = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Peakwise';
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      // The same tag replaces an earlier notice about the same event (the reminder replaces the announcement).
      ...(typeof message.tag === 'string' ? { tag: message.tag } : {}),
      icon: '/icons/icon-192.png',
      data: { url: typeof message.url === 'string' ? message.url : DASHBOARD },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only our own pages: a pushed URL is resolved against this origin and refused if it leaves it.
  const data: unknown = event.notification.data;
  const pushed = data && typeof data === 'object' && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : DASHBOARD;
  const origin = sw.location.origin;
  const target = new URL(pushed, origin);
  const url = target.origin === origin ? target.href : new URL(DASHBOARD, origin).href;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === origin) {
          const focused = await client.focus();
          return focused.navigate ? focused.navigate(url) : focused;
        }
      }
      return sw.clients.openWindow(url);
    }),
  );
});
