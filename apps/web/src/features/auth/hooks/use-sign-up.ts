import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readServerError, type ServerError } from '@/lib/server-error';
import { refreshSession } from '@/lib/session';
import { signUpWithEmail, type SignUpPayload } from '../api/sign-up-email';

/** Rejects with what the server said (code and message), or nothing for the generic message. */
export class SignUpError extends Error {
  constructor(readonly server: ServerError = {}) {
    super(server.message ?? 'Sign-up failed');
  }
}

/**
 * 'signed-in': a new account, with a session. 'check-email': the server answered like a success
 * but set no session — the address already has an account and its owner has been emailed
 * (docs/decisions/007), so we say the same neutral thing whatever the reason.
 */
export type SignUpOutcome = 'signed-in' | 'check-email';

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SignUpPayload): Promise<SignUpOutcome> => {
      let response;
      try {
        response = await signUpWithEmail(payload);
      } catch (thrown) {
        throw new SignUpError({ message: thrown instanceof Error && thrown.message ? thrown.message : undefined });
      }
      if (!response.ok) throw new SignUpError(readServerError(response.body));
      return (await refreshSession(queryClient)) ? 'signed-in' : 'check-email';
    },
  });
}
