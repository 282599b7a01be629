import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown by the router when a page fails to load or render (a lost chunk, a thrown error, a 404). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('portal');
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">
          {notFound ? t('routeError.notFoundTitle') : t('routeError.title')}
        </h1>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          {notFound ? t('routeError.notFoundBody') : t('routeError.body')}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {!notFound && (
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {t('routeError.retry')}
            </button>
          )}
          <Link
            to="/"
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('routeError.home')}
          </Link>
        </div>
      </div>
    </main>
  );
}
