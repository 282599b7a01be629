import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { whenIdle } from '@/lib/when-idle';

// The sign-in code is not part of the page's first JavaScript: it arrives in idle time once the
// page is live, or when a dialog is first asked for, whichever comes first.
const loadLoginPanel = () => import('@/features/auth/components/login-panel');
const loadSignUpDialog = () => import('@/features/auth/components/sign-up-dialog');
const LoginPanel = lazy(() => loadLoginPanel().then((m) => ({ default: m.LoginPanel })));
const SignUpDialog = lazy(() => loadSignUpDialog().then((m) => ({ default: m.SignUpDialog })));

/** How long each step of loading the dialogs waits at most for an idle period. */
const DIALOGS_IDLE_TIMEOUT_MS = 2_000;

/**
 * The public site's two auth dialogs, driven by `?auth=` and by the press that asks for one. Apart
 * from the page, so that opening one draws these alone (decision 106).
 */
export function AuthDialogs() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { dialog, open, close, destination, errorCode } = useAuthDialog();
  // Once loaded the dialogs stay mounted, so closing one still animates and returns focus.
  const [dialogsWanted, setDialogsWanted] = useState(dialog !== null);
  if (dialog !== null && !dialogsWanted) setDialogsWanted(true);
  // Fetched and mounted (closed) in idle time, so that a visitor's first Log In or Sign Up only
  // opens a dialog that is already there (docs/decisions/092-public-pages-start-the-app-in-idle-time.md).
  // One idle period each: evaluating a dialog's code (its forms and their schemas) is a task of
  // its own, and both in one made a long one. A failed fetch is met again, and shown, when the
  // dialog is asked for. The login form's question to the server (is there a demo?) is asked
  // before the dialogs are drawn hidden, so they are drawn with its answer and opening one starts
  // no request (docs/decisions/106-a-dialog-drawn-before-it-is-asked-for.md). Asked once: a failure
  // is asked again, with retries, by the form when it is shown.
  useEffect(() => {
    const loads: readonly (() => Promise<unknown>)[] = [loadLoginPanel, loadSignUpDialog, () => import('@/lib/use-public-config').then((m) => queryClient.prefetchQuery({ ...m.publicConfigQuery, retry: false }))];
    let cancel = () => {};
    let cancelled = false;
    const step = (index: number) => {
      cancel = whenIdle(() => {
        const load = loads[index];
        if (!load) {
          startTransition(() => setDialogsWanted(true));
          return;
        }
        void load().then(
          () => {
            if (!cancelled) step(index + 1);
          },
          () => undefined,
        );
      }, DIALOGS_IDLE_TIMEOUT_MS);
    };
    step(0);
    return () => {
      cancelled = true;
      cancel();
    };
  }, [queryClient]);
  // The same functions on every drawing, so the dialogs' prepared contents are not drawn again.
  const openSignUp = useCallback(() => open('signup'), [open]);
  const openLogin = useCallback(() => open('login'), [open]);
  const onSignedIn = useCallback(() => navigate(destination, { replace: true }), [navigate, destination]);
  const onSignedUp = useCallback(() => navigate('/app/dashboard', { replace: true }), [navigate]);

  if (!dialogsWanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginPanel
        open={dialog === 'login' || dialog === 'forgot-password'}
        initialView={dialog === 'forgot-password' ? 'forgot' : 'login'}
        errorCode={errorCode}
        destination={destination}
        onClose={close}
        onSwitchToSignUp={openSignUp}
        onSignedIn={onSignedIn}
      />
      <SignUpDialog open={dialog === 'signup'} onClose={close} onSwitchToLogin={openLogin} onSignedUp={onSignedUp} />
    </Suspense>
  );
}
