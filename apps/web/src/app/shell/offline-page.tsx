import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WifiOff } from 'lucide-react';

/** A screen never opened on this device, asked for with no network: nothing saved to show (docs/decisions/061-installable-offline-app.md). */
export function OfflinePage() {
  const { t } = useTranslation('portal');
  return (
    <section aria-labelledby="offline-title" className="mx-auto max-w-xl py-12 text-center">
      <WifiOff aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
      <h1 id="offline-title" className="mt-4 text-2xl font-semibold text-slate-900">
        {t('offline.pageTitle')}
      </h1>
      <p className="mt-2 text-slate-600">{t('offline.pageBody')}</p>
      <Link to="/app/dashboard" className="mt-6 inline-block font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        {t('offline.pageDashboard')}
      </Link>
    </section>
  );
}
