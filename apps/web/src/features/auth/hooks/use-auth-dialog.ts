import { startTransition, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { setAskedDialog, useAskedDialog, type AuthDialog } from '../auth-dialog-asked';

export type { AuthDialog } from '../auth-dialog-asked';

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
 * A dialog opens or closes in the press's own task, drawn in the next frame, and the URL follows
 * after it as a transition: the router would otherwise apply the change as a transition, which
 * React renders in slices between other work, and on a slow phone the panel came 0.3 s after the
 * press (decision 092); and applied at once, the URL's change drew the whole page again (its
 * header, links and sections) before the dialog could be shown (decision 106).
 */
const DIALOG_NAVIGATION = { preventScrollReset: true } as const;

/**
 * Which auth dialog is open lives in the URL (`?auth=login&next=/app/rewards`) so it can be linked
 * to, survives a reload and the Back button closes it. A refused social sign-in comes back with
 * `?auth=login&error=<code>`. `open` and `close` only: a component that opens a dialog is not
 * drawn again when one opens.
 */
export function useAuthDialogActions() {
  const [, setSearchParams] = useSearchParams();
  // The router gives a new setter with every change of the URL; `open` and `close` stay the same
  // functions, so a page's sections that only open a dialog (memoized) are not drawn again when
  // one opens, work the press would otherwise wait for (decision 092).
  const setParamsRef = useRef(setSearchParams);
  useLayoutEffect(() => {
    setParamsRef.current = setSearchParams;
  }, [setSearchParams]);

  const show = useCallback((which: AuthDialog | null, change: (params: URLSearchParams) => void) => {
    flushSync(() => setAskedDialog(which));
    startTransition(() =>
      setParamsRef.current((previous) => {
        const nextParams = new URLSearchParams(previous);
        change(nextParams);
        return nextParams;
      }, DIALOG_NAVIGATION),
    );
  }, []);

  const open = useCallback(
    (which: AuthDialog) =>
      show(which, (params) => {
        params.set(AUTH_PARAM, which);
        params.delete(ERROR_PARAM);
      }),
    [show],
  );

  const close = useCallback(
    () =>
      show(null, (params) => {
        params.delete(AUTH_PARAM);
        params.delete(NEXT_PARAM);
        params.delete(ERROR_PARAM);
      }),
    [show],
  );

  return { open, close };
}

/** The dialog shown (the one a press asked for, until the URL says the same), and the actions. */
export function useAuthDialog() {
  const [params] = useSearchParams();
  const { open, close } = useAuthDialogActions();
  const inUrl = readDialog(params.get(AUTH_PARAM));
  const asked = useAskedDialog();
  // Once the URL says what was asked (or the visitor went Back or forward), the URL leads again.
  useEffect(() => {
    if (asked !== undefined && asked === inUrl) setAskedDialog(undefined);
  }, [asked, inUrl]);
  const dialog = asked !== undefined ? asked : inUrl;

  return {
    dialog,
    open,
    close,
    destination: destinationAfterSignIn(params.get(NEXT_PARAM)),
    errorCode: params.get(ERROR_PARAM),
  };
}
