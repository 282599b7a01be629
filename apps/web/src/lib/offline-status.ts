import { useSyncExternalStore } from 'react';
import { OFFLINE_MISS_HEADER, SAVED_AT_HEADER } from '@/pwa/cache-rules';

/**
 * What the portal has shown since the network went: saved answers (and the oldest one's age) and
 * the screens that had nothing saved (docs/decisions/061-installable-offline-app.md). Fed by the
 * API clients, emptied when the network is back.
 */
export type OfflineSnapshot = {
  /** When the oldest saved answer on screen was saved (ms since epoch), or null if none is. */
  savedAt: number | null;
  /** Screens (paths) that got a saved answer. */
  served: ReadonlySet<string>;
  /** Screens (paths) that asked for something never saved on this device. */
  missed: ReadonlySet<string>;
};

const empty: OfflineSnapshot = { savedAt: null, served: new Set(), missed: new Set() };
let snapshot: OfflineSnapshot = empty;
const listeners = new Set<() => void>();

function set(next: OfflineSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

/**
 * The screen a request is for: read when it is sent, not when its answer arrives, so a late answer
 * to the screen just left cannot mark the one now open (which, shown as the offline page, would
 * never ask for its own data and stay that way until the network returned).
 */
export const screenPath = () => (typeof window === 'undefined' ? '' : window.location.pathname);

/** An answer arrived: note it if the service worker served it from the member's saved data. */
export function noteAnswer(headers: Headers, path = screenPath()): void {
  const savedAt = Number(headers.get(SAVED_AT_HEADER));
  if (!headers.has(SAVED_AT_HEADER) || !Number.isFinite(savedAt)) return;
  set({
    ...snapshot,
    savedAt: snapshot.savedAt === null ? savedAt : Math.min(snapshot.savedAt, savedAt),
    served: snapshot.served.has(path) ? snapshot.served : new Set([...snapshot.served, path]),
  });
}

/** Whether this answer is the worker saying it is offline and has nothing saved for the request. */
export function isOfflineMiss(headers: Headers): boolean {
  return headers.get(OFFLINE_MISS_HEADER) === 'miss';
}

/** The request found neither the network nor anything saved. */
export function noteMiss(path = screenPath()): void {
  if (snapshot.missed.has(path)) return;
  set({ ...snapshot, missed: new Set([...snapshot.missed, path]) });
}

/** Back online: what was shown from the store is about to be refetched. */
export function resetOfflineStatus(): void {
  if (snapshot !== empty) set(empty);
}

export function getOfflineSnapshot(): OfflineSnapshot {
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const serverSnapshot = () => empty;

export function useOfflineStatus(): OfflineSnapshot {
  return useSyncExternalStore(subscribe, getOfflineSnapshot, serverSnapshot);
}

/** Whether the screen at `path` has nothing to show without the network: it missed and got nothing saved. */
export function showsOfflinePage(status: OfflineSnapshot, path: string): boolean {
  return status.missed.has(path) && !status.served.has(path);
}
