import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccountNotice } from '@/features/auth/components/account-notice';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { whenIdle } from '@/lib/when-idle';
import { PublicHeader } from './layout/public-header';
import { SiteFooter } from './layout/site-footer';

// The sign-in code is not part of the page's first JavaScript: it arrives in idle time once the
// page is live, or when a dialog is first asked for, whichever comes first.
const loadLoginPanel = () => import('@/features/auth/components/login-panel');
const loadSignUpDialog = () => import('@/features/auth/components/sign-up-dialog');
const LoginPanel = lazy(() => loadLoginPanel().then((m) => ({ default: m.LoginPanel })));
const SignUpDialog = lazy(() => loadSignUpDialog().then((m) => ({ default: m.SignUpDialog })));


/** How long each step of loading the dialogs waits at most for an idle period. */
const DIALOGS_IDLE_TIMEOUT_MS = 2_000;

/** The public site: header, page, footer, and the two auth dialogs driven by `?auth=`. */
export default function PublicLayout() {
  const { t } = useTranslation('marketing');
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
  // no request (docs/decisions/106-a-dialog-drawn-before-it-is-asked-for.md).
  useEffect(() => {
    const loads: readonly (() => Promise<unknown>)[] = [loadLoginPanel, loadSignUpDialog, () => import('@/lib/use-public-config').then((m) => queryClient.prefetchQuery(m.publicConfigQuery))];
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
  const openLogin = () => open('login');
  const openSignUp = () => open('signup');

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:outline-2 focus:outline-brand-600"
      >
        {t('header.skipToContent')}
      </a>
      <PublicHeader onLogIn={openLogin} onSignUp={openSignUp} />
      <AccountNotice />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter onLogIn={openLogin} onSignUp={openSignUp} />
      {dialogsWanted && (
        <Suspense fallback={null}>
          <LoginPanel
            open={dialog === 'login' || dialog === 'forgot-password'}
            initialView={dialog === 'forgot-password' ? 'forgot' : 'login'}
            errorCode={errorCode}
            destination={destination}
            onClose={close}
            onSwitchToSignUp={openSignUp}
            onSignedIn={() => navigate(destination, { replace: true })}
          />
          <SignUpDialog
            open={dialog === 'signup'}
            onClose={close}
            onSwitchToLogin={openLogin}
            onSignedUp={() => navigate('/app/dashboard', { replace: true })}
          />
        </Suspense>
      )}
    </div>
  );
}
