import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { AppShell } from './app-shell';

/** The /app route: waits for the session, sends visitors to the login panel, shows the portal to members. */
export default function GuardedShell() {
  const { t } = useTranslation('portal');
  const session = useSession();
  const { pathname, search } = useLocation();

  if (session.status === 'loading') {
    return (
      <main className="flex h-dvh items-center justify-center bg-slate-50">
        <Spinner label={t('session.checking')} />
      </main>
    );
  }
  if (session.status === 'signed-out') {
    // The public layout opens the login panel from ?auth=login and returns here after signing in.
    return <Navigate replace to={'/?auth=login&next=' + encodeURIComponent(pathname + search)} />;
  }
  return <AppShell user={session.user} />;
}
