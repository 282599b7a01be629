/** Keys of the auth namespace's `socialErrors` group for an `error=` code in the address. */
export type SocialErrorKey = 'accountExists' | 'accessDenied' | 'generic';

/**
 * What came back from a refused social sign-in (the server sends `/?auth=login&error=<code>`).
 * Unknown codes get the generic message: the code itself is never shown, it is not for people.
 */
export function socialErrorKey(code: string): SocialErrorKey {
  if (code === 'account_exists' || code === 'account_not_linked') return 'accountExists';
  if (code === 'access_denied') return 'accessDenied';
  return 'generic';
}
