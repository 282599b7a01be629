import { useMutation } from '@tanstack/react-query';
import { signInWithEmail, type Credentials } from '../api/sign-in-email';
import { interpretLogin, type LoginResult } from '../login-result';
import { useRefreshSession } from './use-refresh-session';

/** Never rejects: every failure becomes a LoginResult with the message to show. */
export function useSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<LoginResult> => {
      let result: LoginResult;
      try {
        result = interpretLogin({ response: await signInWithEmail(credentials) });
      } catch (thrown) {
        result = interpretLogin({ thrown });
      }
      if (result.ok) await refreshSession();
      return result;
    },
  });
}
