import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** 'forgot-password' is the login panel opened on its reset view. */
export type AuthDialog = 'login' | 'signup' | 'forgot-password';

export const AUTH_PARAM = 'auth';
export const NEXT_PARAM = 'next';
export const ERROR_PARAM = 'error';
const DEFAULT_DESTINATION = '/app/dashboard';

/**
 * Only the portal's and the operator console's paths are followed, so `next` cannot send anyone
 * off-site (`//evil.example`).
 */
export function destinationAfterSignIn(next: string | null): string {
  if (!next) return DEFAULT_DESTINATION;
  const inConsole = next === '/ops' || next.startsWith('/ops/') || next.startsWith('/ops?');
  return next.startsWith('/app/') || inConsole ? next : DEFAULT_DESTINATION;
}

function readDialog(raw: string | null): AuthDialog | null {
  return raw === 'login' || raw === 'signup' || raw === 'forgot-password' ? raw : null;
}

/**
 * A dialog opens or closes in the press's own task, drawn in the next frame: the router would
 * otherwise apply the change as a transition, which React renders in slices between other work,
 * and on a slow phone the panel came 0.3 s after the press (decision 092). Needs the router from
 * `react-router/dom` (app/app.tsx), which has ReactDOM's flushSync.
 */
const DIALOG_NAVIGATION = { preventScrollReset: true, flushSync: true } as const;

/**
 * Which auth dialog is open lives in the URL (`?auth=login&next=/app/rewards`) so it can be linked
 * to, survives a reload and the Back button closes it. A refused social sign-in comes back with
 * `?auth=login&error=<code>`.
 */
export function useAuthDialog() {
  const [params, setSearchParams] = useSearchParams();
  const dialog = readDialog(params.get(AUTH_PARAM));
  // The router gives a new setter with every change of the URL; `open` and `close` stay the same
  // functions, so a page's sections that only open a dialog (memoized) are not drawn again when
  // one opens, work the press would otherwise wait for (decision 092).
  const setParamsRef = useRef(setSearchParams);
  useLayoutEffect(() => {
    setParamsRef.current = setSearchParams;
  }, [setSearchParams]);
  const setParams: typeof setSearchParams = useCallback((...args) => setParamsRef.current(...args), []);

  const open = useCallback(
    (which: AuthDialog) =>
      setParams(
        (previous) => {
          const nextParams = new URLSearchParams(previous);
          nextParams.set(AUTH_PARAM, which);
          nextParams.delete(ERROR_PARAM);
          return nextParams;
        },
        DIALOG_NAVIGATION,
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
          nextParams.delete(ERROR_PARAM);
          return nextParams;
        },
        DIALOG_NAVIGATION,
      ),
    [setParams],
  );

  return {
    dialog,
    open,
    close,
    destination: destinationAfterSignIn(params.get(NEXT_PARAM)),
    errorCode: params.get(ERROR_PARAM),
  };
}
