import { useMutation } from '@tanstack/react-query';
import { readServerError } from '../api/server-error';
import { signUpWithEmail, type SignUpPayload } from '../api/sign-up-email';
import { useRefreshSession } from './use-refresh-session';

/** Rejects with the message to show: the server's own words, or undefined for the generic one. */
export class SignUpError extends Error {
  constructor(readonly serverMessage: string | undefined) {
    super(serverMessage ?? 'Sign-up failed');
  }
}

export function useSignUp() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (payload: SignUpPayload) => {
      let response;
      try {
        response = await signUpWithEmail(payload);
      } catch (thrown) {
        throw new SignUpError(thrown instanceof Error && thrown.message ? thrown.message : undefined);
      }
      if (!response.ok) throw new SignUpError(readServerError(response.body).message);
      await refreshSession();
    },
  });
}
