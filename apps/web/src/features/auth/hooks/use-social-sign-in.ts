import { useMutation } from '@tanstack/react-query';
import { readServerError } from '@/lib/server-error';
import { signInWithSocial, type SocialProvider } from '../api/sign-in-social';
import { SignUpError } from './use-sign-up';

function readUrl(body: unknown) {
  if (!body || typeof body !== 'object' || !('url' in body)) return undefined;
  const { url } = body as { url: unknown };
  return typeof url === 'string' && url ? url : undefined;
}

/** Gets the provider's consent page from the server and leaves for it; back at `callbackURL` once signed in. */
export function useSocialSignIn(callbackURL: string) {
  return useMutation({
    mutationFn: async (provider: SocialProvider) => {
      let response;
      try {
        response = await signInWithSocial(provider, callbackURL);
      } catch (thrown) {
        throw new SignUpError({ message: thrown instanceof Error && thrown.message ? thrown.message : undefined });
      }
      const url = response.ok ? readUrl(response.body) : undefined;
      if (!url) throw new SignUpError(readServerError(response.body));
      window.location.assign(url);
    },
  });
}
