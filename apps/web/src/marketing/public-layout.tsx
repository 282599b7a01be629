import { lazy, Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccountNotice } from '@/features/auth/components/account-notice';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { PublicHeader } from './layout/public-header';
import { SiteFooter } from './layout/site-footer';

// The sign-in code arrives when a dialog is first asked for, not with every public page.
const LoginPanel = lazy(() => import('@/features/auth/components/login-panel').then((m) => ({ default: m.LoginPanel })));
const SignUpDialog = lazy(() => import('@/features/auth/components/sign-up-dialog').then((m) => ({ default: m.SignUpDialog })));

/** The public site: header, page, footer, and the two auth dialogs driven by `?auth=`. */
export default function PublicLayout() {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const { dialog, open, close, destination, errorCode } = useAuthDialog();
  // Once loaded the dialogs stay mounted, so closing one still animates and returns focus.
  const [dialogsWanted, setDialogsWanted] = useState(dialog !== null);
  if (dialog !== null && !dialogsWanted) setDialogsWanted(true);
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
