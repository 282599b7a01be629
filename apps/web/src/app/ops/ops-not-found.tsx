import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What a member who is not staff sees at /ops: the API answers them 404 as for a path that does
 * not exist, and the page says no more than that.
 */
export function OpsNotFound() {
  const { t } = useTranslation('ops');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t('notFound.title')}</h1>
        <p className="mt-2 text-sm leading-6 text-slate-600">{t('notFound.body')}</p>
        <Link
          to="/"
          className="mt-6 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
