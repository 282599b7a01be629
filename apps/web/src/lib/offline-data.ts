import { DATA_CACHE_PREFIX, dataCacheName, MEMBER_HEADER, MEMBER_RECORD_PATH, offlineDataCache } from '@/pwa/cache-rules';
import type { SessionUser } from './session';

/**
 * The signed-in member's saved screen data, kept by the service worker in a cache named after them
 * (docs/decisions/061-installable-offline-app.md). The page owns that cache's life: it creates it
 * for the member it knows, deleting any other member's on the way, and deletes it when they sign
 * out, so a shared computer never shows the previous member's data.
 */

let memberId: string | null = null;

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** The header that tells the worker whose answer this is (none when nobody is known). */
export function memberHeaders(): Record<string, string> {
  return memberId ? { [MEMBER_HEADER]: memberId } : {};
}

async function deleteDataCaches(keep: string | null): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const names = await storage.keys();
  await Promise.all(names.filter((name) => name.startsWith(DATA_CACHE_PREFIX) && name !== keep).map((name) => storage.delete(name)));
}

/** The member is known (signed in, or their session renewed): their data may be saved from now on. */
export async function claimOfflineData(user: SessionUser): Promise<void> {
  memberId = user.id;
  const storage = cacheStorage();
  if (!storage) return;
  const name = dataCacheName(user.id);
  await deleteDataCaches(name);
  const cache = await storage.open(name);
  // Who this data belongs to, so the portal can open as them with no network (never their session).
  const record = { id: user.id, name: user.name, email: user.email, twoFactorEnabled: user.twoFactorEnabled };
  await cache.put(MEMBER_RECORD_PATH, new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }));
}

/** Signed out (or found signed out): every saved answer goes. */
export async function clearOfflineData(): Promise<void> {
  memberId = null;
  await deleteDataCaches(null);
}

/**
 * The session answer named `user` (or nobody): their cache is made ready, or every cache goes.
 * Answers a promise only when there is a cache storage to work on, so without one (tests, old
 * browsers) the caller does not wait at all.
 */
export function syncOfflineData(user: SessionUser | null): Promise<void> | null {
  memberId = user?.id ?? null;
  if (!cacheStorage()) return null;
  return (user ? claimOfflineData(user) : clearOfflineData()).catch(() => undefined);
}

/** The member whose data this device holds, to open the portal as while the network is gone. */
export async function offlineMember(): Promise<SessionUser | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  const name = offlineDataCache(await storage.keys());
  if (!name) return null;
  const saved = await (await storage.open(name)).match(MEMBER_RECORD_PATH);
  const body: unknown = await saved?.json().catch(() => null);
  if (!body || typeof body !== 'object') return null;
  const { id, name: memberName, email, twoFactorEnabled } = body as Record<string, unknown>;
  if (typeof id !== 'string' || name !== dataCacheName(id)) return null;
  memberId = id;
  return { id, name: typeof memberName === 'string' ? memberName : '', email: typeof email === 'string' ? email : '', twoFactorEnabled: twoFactorEnabled === true };
}
