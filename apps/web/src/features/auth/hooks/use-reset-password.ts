import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readServerError, type ServerError } from '@/lib/server-error';
import { refreshSession } from '@/lib/session';
import { resetPassword } from '../api/reset-password';

export class ResetPasswordError extends Error {
  constructor(readonly server: ServerError) {
    super(server.message ?? 'Password reset failed');
  }
}

/** Sets the new password; afterwards every session of the account has ended, this browser's too. */
export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (newPassword: string) => {
      let response;
      try {
        response = await resetPassword(token, newPassword);
      } catch (thrown) {
        throw new ResetPasswordError({ message: thrown instanceof Error && thrown.message ? thrown.message : undefined });
      }
      if (!response.ok) throw new ResetPasswordError(readServerError(response.body));
      await refreshSession(queryClient);
    },
  });
}
