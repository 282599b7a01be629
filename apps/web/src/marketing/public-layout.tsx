import { memo, useCallback } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccountNotice } from '@/features/auth/components/account-notice';
import { useAuthDialogActions } from '@/features/auth/hooks/use-auth-dialog';
import { AuthDialogs } from './layout/auth-dialogs';
import { PublicHeader } from './layout/public-header';
import { SiteFooter } from './layout/site-footer';

// Drawn again when the URL changes (a dialog's opening is one, after the dialog is shown), not
// when a dialog is asked for (decision 106).
const Header = memo(PublicHeader);
const Footer = memo(SiteFooter);

/** The public site: header, page, footer, and the two auth dialogs driven by `?auth=`. */
export default function PublicLayout() {
  const { t } = useTranslation('marketing');
  const { open } = useAuthDialogActions();
  const openLogin = useCallback(() => open('login'), [open]);
  const openSignUp = useCallback(() => open('signup'), [open]);

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:outline-2 focus:outline-brand-600"
      >
        {t('header.skipToContent')}
      </a>
      <Header onLogIn={openLogin} onSignUp={openSignUp} />
      <AccountNotice />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer onLogIn={openLogin} onSignUp={openSignUp} />
      <AuthDialogs />
    </div>
  );
}
