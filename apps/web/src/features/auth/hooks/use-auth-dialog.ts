import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type AuthDialog = 'login' | 'signup';

export const AUTH_PARAM = 'auth';
export const NEXT_PARAM = 'next';
const DEFAULT_DESTINATION = '/app/dashboard';

/** Only portal paths are followed, so `next` cannot send anyone off-site (`//evil.example`). */
export function destinationAfterSignIn(next: string | null): string {
  return next && next.startsWith('/app/') ? next : DEFAULT_DESTINATION;
}

/**
 * Which auth dialog is open lives in the URL (`?auth=login&next=/app/rewards`) so it can be linked
 * to, survives a reload and the Back button closes it.
 */
export function useAuthDialog() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(AUTH_PARAM);
  const dialog: AuthDialog | null = raw === 'login' || raw === 'signup' ? raw : null;

  const open = useCallback(
    (which: AuthDialog) =>
      setParams(
        (previous) => {
          const nextParams = new URLSearchParams(previous);
          nextParams.set(AUTH_PARAM, which);
          return nextParams;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  const close = useCallback(
    () =>
      setParams(
        (previous) => {
          const nextParams = new URLSearchParams(previous);
          nextParams.delete(AUTH_PARAM);
          nextParams.delete(NEXT_PARAM);
          return nextParams;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  return { dialog, open, close, destination: destinationAfterSignIn(params.get(NEXT_PARAM)) };
}
