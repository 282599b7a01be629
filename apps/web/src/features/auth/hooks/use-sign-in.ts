import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '@/lib/session';
import { signInWithEmail, type Credentials } from '../api/sign-in-email';
import { verifySecondFactor } from '../api/two-factor';
import { interpretLogin, interpretSecondFactor, type LoginResult } from '../login-result';

/** Never rejects: every failure becomes a LoginResult with the message to show. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<LoginResult> => {
      let result: LoginResult;
      try {
        result = interpretLogin({ response: await signInWithEmail(credentials) });
      } catch (thrown) {
        result = interpretLogin({ thrown });
      }
      if (result.ok) await refreshSession(queryClient);
      return result;
    },
  });
}

export type SecondFactor = { method: 'totp' | 'backup'; code: string };

/** The TOTP (or backup code) step after a password sign-in that asked for it. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ method, code }: SecondFactor): Promise<LoginResult> => {
      let result: LoginResult;
      try {
        result = interpretSecondFactor({ response: await verifySecondFactor(method, code) });
      } catch (thrown) {
        result = interpretSecondFactor({ thrown });
      }
      if (result.ok) await refreshSession(queryClient);
      return result;
    },
  });
}
