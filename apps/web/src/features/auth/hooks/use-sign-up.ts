import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_ERROR_CODES } from '@peakwise/contracts/account.contract';
import { readServerError, type ServerError } from '@/lib/server-error';
import { forgetCheckedPostalCode } from '@/lib/checked-postal-code';
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
      if (!response.ok) {
        const server = readServerError(response.body);
        // A checked code the server will not take is dropped, so trying again signs up without it.
        if (server.code === AUTH_ERROR_CODES.invalidPostalCode) forgetCheckedPostalCode();
        throw new SignUpError(server);
      }
      forgetCheckedPostalCode();
      return (await refreshSession(queryClient)) ? 'signed-in' : 'check-email';
    },
  });
}
