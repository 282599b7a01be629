import { useSyncExternalStore } from 'react';
import { CANADIAN_TIME_ZONES, type CanadianTimeZone } from '@peakwise/contracts/account.contract';

export const TIME_ZONE_STORAGE_KEY = 'peakwise.timeZone';
const DEFAULT_TIME_ZONE: CanadianTimeZone = 'America/Toronto';

export function isCanadianTimeZone(value: unknown): value is CanadianTimeZone {
  return typeof value === 'string' && (CANADIAN_TIME_ZONES as readonly string[]).includes(value);
}

function initialTimeZone(): CanadianTimeZone {
  try {
    const stored = localStorage.getItem(TIME_ZONE_STORAGE_KEY);
    if (isCanadianTimeZone(stored)) return stored;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames).
  }
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isCanadianTimeZone(browser) ? browser : DEFAULT_TIME_ZONE;
}

// Found when first asked, not when the module is loaded: the browser's first Intl.DateTimeFormat
// loads its time zone data, a long task on a slow phone (65–180 ms at 4× CPU), and this module
// comes with the session keeper a public page loads as a sign-in dialog opens (decision 092).
let current: CanadianTimeZone | undefined;
const listeners = new Set<() => void>();

/** The member's time zone: their saved setting once known, else this browser's if Canadian, else Eastern. */
export function getTimeZone(): CanadianTimeZone {
  current ??= initialTimeZone();
  return current;
}

/** Applies a time zone at once everywhere `useTimeZone()` is read, and remembers it for the next visit. */
export function setTimeZone(timeZone: CanadianTimeZone) {
  if (timeZone === getTimeZone()) return;
  current = timeZone;
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, timeZone);
  } catch {
    // Not remembered, still applied.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For formatting dates and times in the member's zone: `new Intl.DateTimeFormat(lang, { timeZone })`. */
export function useTimeZone(): CanadianTimeZone {
  return useSyncExternalStore(subscribe, getTimeZone, getTimeZone);
}
