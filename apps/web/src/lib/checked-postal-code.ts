import { parsePostalCode } from '@peakwise/domain/postal-code';

// Per tab, like the visit: a code checked on the landing page starts the household made by a
// sign-up in the same tab in that place (decision 057). Not a form field; the server checks it again.
const KEY = 'peakwise.checkedPostalCode';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be switched off; the home is then set in Settings.
    return undefined;
  }
}

/** Keeps a postal code the checker found serviceable. */
export function rememberCheckedPostalCode(postalCode: string): void {
  try {
    storage()?.setItem(KEY, postalCode);
  } catch {
    // Full or refused storage: nothing to carry, nothing lost.
  }
}

/** The last serviceable code checked in this tab, if it still reads as a postal code. */
export function checkedPostalCode(): string | undefined {
  let stored: string | null | undefined;
  try {
    stored = storage()?.getItem(KEY);
  } catch {
    return undefined;
  }
  if (!stored) return undefined;
  const parsed = parsePostalCode(stored);
  return parsed.ok ? parsed.formatted : undefined;
}

export function forgetCheckedPostalCode(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // As above.
  }
}
