import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset } from '../api/request-password-reset';

/**
 * Resolves for any answer the server gives that is not a server fault: the reply must not reveal
 * whether an account exists for the address.
 */
export function usePasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      const response = await requestPasswordReset(email);
      if (response.status >= 500) throw new Error(`Password reset failed with status ${response.status}`);
    },
  });
}
