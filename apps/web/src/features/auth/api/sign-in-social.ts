import { postAuth } from './post-auth';

export type SocialProvider = 'facebook' | 'google';

/**
 * Asks the server for the provider's consent URL; the caller follows it. `callbackURL` is a path on
 * this site where the member lands once signed in (the server refuses anything else).
 */
export function signInWithSocial(provider: SocialProvider, callbackURL: string) {
  return postAuth(`social/${provider}`, { callbackURL });
}
