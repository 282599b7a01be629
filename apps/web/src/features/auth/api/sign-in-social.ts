import { postAuth } from './post-auth';

export type SocialProvider = 'facebook' | 'google';

/** Asks the server for the provider's consent URL; the caller follows it. */
export function signInWithSocial(provider: SocialProvider, callbackURL: string) {
  return postAuth('sign-in/social', { provider, callbackURL });
}
