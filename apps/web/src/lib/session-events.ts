import { useEffect, useRef } from 'react';

/** The moments the rest of the app may want to react to (docs/product/domain-rules.md#sessions). */
export type SessionEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';

/** Who the event is about: the member, or null when nobody is signed in. */
export type SessionEventUser = { id: string; name: string; email: string; twoFactorEnabled: boolean } | null;

export type SessionEventListener = (event: SessionEvent, user: SessionEventUser) => void;

const listeners = new Set<SessionEventListener>();

/** Subscribes to session events; returns the unsubscribe function. */
export function onSessionEvent(listener: SessionEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitSessionEvent(event: SessionEvent, user: SessionEventUser) {
  // A copy: a listener may unsubscribe (or subscribe another) while we loop.
  for (const listener of [...listeners]) {
    try {
      listener(event, user);
    } catch (error) {
      // One broken listener must not stop the others from hearing about a sign-out.
      console.error('Session event listener failed', error);
    }
  }
}

/** `onSessionEvent` for components: subscribed while mounted, always calling the latest callback. */
export function useSessionEvent(listener: SessionEventListener) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  }, [listener]);
  useEffect(() => onSessionEvent((event, user) => latest.current(event, user)), []);
}

type Comparable = { id: string } | null | undefined;

/**
 * Which events a change of the known session means. `undefined` is "not known yet" (the first
 * answer is INITIAL_SESSION), `null` is signed out. A different member replacing the current one
 * (signing in as someone else in another tab) is a sign-out followed by a sign-in.
 */
export function sessionTransition(previous: Comparable, next: Comparable): SessionEvent[] {
  if (next === undefined) return [];
  if (previous === undefined) return ['INITIAL_SESSION'];
  if (previous === null) return next === null ? [] : ['SIGNED_IN'];
  if (next === null) return ['SIGNED_OUT'];
  return previous.id === next.id ? [] : ['SIGNED_OUT', 'SIGNED_IN'];
}
