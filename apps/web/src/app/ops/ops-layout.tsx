import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useOpsPrograms } from '@/features/ops/api/use-ops';
import { ApiError } from '@/lib/api-client';
import { useSession, type SessionUser } from '@/lib/session';
import { LanguageSelect } from '@/marketing/layout/language-select';
import { SkipLink } from '../shell/skip-link';
import { useSignOut } from '../shell/use-sign-out';
import { OpsNav } from './ops-nav';
import { OpsNotFound } from './ops-not-found';

const mainId = 'ops-main';

function Checking({ label }: { label: string }) {
  return (
    <main className="flex h-dvh items-center justify-center bg-slate-50">
      <Spinner label={label} />
    </main>
  );
}

/**
 * The /ops route, apart from the member portal: the session decides between the login panel and
 * the console, then the API decides who is staff. Its programs list is the console's door: a
 * member gets the 404 any unknown path gets, and so sees Not found.
 */
export default function OpsLayout() {
  const { t } = useTranslation('ops');
  const session = useSession();
  const { pathname, search } = useLocation();

  if (session.status === 'loading') return <Checking label={t('checking')} />;
  if (session.status === 'signed-out') {
    // As for /app: the public layout opens the login panel and comes back here after signing in.
    return <Navigate replace to={'/?auth=login&next=' + encodeURIComponent(pathname + search)} />;
  }
  return <OperatorGate user={session.user} />;
}

function OperatorGate({ user }: { user: SessionUser }) {
  const { t } = useTranslation('ops');
  const door = useOpsPrograms();
  const { pathname, search } = useLocation();

  if (door.isPending) return <Checking label={t('checking')} />;
  if (door.error instanceof ApiError && door.error.status === 404) return <OpsNotFound />;
  // The session ended on the server while the tab still thought it was signed in.
  if (door.error instanceof ApiError && door.error.status === 401) return <Navigate replace to={'/?auth=login&next=' + encodeURIComponent(pathname + search)} />;

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink targetId={mainId} />
      <OpsHeader user={user} />
      <OpsNav />
      <main id={mainId} tabIndex={-1} className="focus:outline-none">
        {door.isError ? (
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
            <LoadError title={t('loadFailed.title')} message={t('loadFailed.message')} retryLabel={t('loadFailed.retry')} onRetry={() => void door.refetch()} retrying={door.isFetching} />
          </div>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}

function OpsHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation('ops');
  const signOut = useSignOut();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
          <rect width="32" height="32" rx="8" className="fill-brand-700" />
          <path d="M18 4 8 18h7l-2 10 10-14h-7z" fill="#fef3c7" />
        </svg>
        <p className="text-lg font-semibold tracking-tight text-slate-900">{t('title')}</p>
        <div className="ml-auto flex items-center gap-3">
          {signOut.isError && (
            <p role="alert" className="hidden text-sm text-red-700 md:block">
              {t('signOutFailed')}
            </p>
          )}
          <span className="hidden max-w-48 truncate text-sm font-medium text-slate-700 md:block">{user.name.trim() || user.email}</span>
          <LanguageSelect className="w-36" />
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className="inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{signOut.isPending ? t('signingOut') : t('signOut')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
