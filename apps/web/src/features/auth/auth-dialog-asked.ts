import { useSyncExternalStore } from 'react';

/** 'forgot-password' is the login panel opened on its reset view. */
export type AuthDialog = 'login' | 'signup' | 'forgot-password';

/**
 * The dialog a press has just asked for, shown before the URL says so; `undefined` once the URL
 * has caught up (follow the URL). A store of its own, so that a press draws only the dialogs
 * again: a change of the URL draws the whole page again, which the press then waited for
 * (docs/decisions/106-a-dialog-drawn-before-it-is-asked-for.md).
 */
let asked: AuthDialog | null | undefined;
const listeners = new Set<() => void>();

export function setAskedDialog(which: AuthDialog | null | undefined): void {
  if (asked === which) return;
  asked = which;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAskedDialog(): AuthDialog | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => asked,
    () => undefined,
  );
}
