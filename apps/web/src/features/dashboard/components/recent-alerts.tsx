import { ArrowRight, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PriorityBadge } from '@/components/ui/priority-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useAlertWording } from '@/lib/alert-text';
import { formatRelativeTime, useIntlLocale } from '@/lib/format';
import { useRecentAlerts } from '../api/use-dashboard';

/** A dashboard alert (docs/product/routes-and-screens.md#dashboard): a title, a one-line description and how long ago, newest first. */
export function RecentAlerts() {
  const { t } = useTranslation('dashboard');
  const wording = useAlertWording();
  const locale = useIntlLocale();
  const query = useRecentAlerts();
  const alerts = query.data?.alerts;
  const now = new Date();
  return (
    <section aria-labelledby="dashboard-alerts-title" aria-busy={query.isPending} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="dashboard-alerts-title" className="font-semibold text-slate-900">
          {t('alerts.title')}
        </h2>
        <Link
          to="/app/maintenance"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {/* The dashboard has two "View All" links; this one says where it goes. */}
          {t('alerts.viewAll')} <span className="sr-only">{t('alerts.viewAllContext')}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-3">
        {query.isError && !alerts ? (
          <LoadError title={t('alerts.error')} message={t('error.message')} retryLabel={t('alerts.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : !alerts ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : alerts.length === 0 ? (
          <EmptyState icon={ShieldCheck} title={t('alerts.emptyTitle')} message={t('alerts.emptyMessage')} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {alerts.map((alert) => (
              <li key={alert.id} className="py-2.5">
                <div className="flex items-start justify-between gap-3">
                  <p className="text-sm font-medium text-slate-900">{wording.title(alert)}</p>
                  <PriorityBadge priority={alert.priority} label={wording.priority(alert.priority)} />
                </div>
                <p className="mt-0.5 text-sm text-slate-600">{wording.message(alert)}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={alert.detectedAt}>{formatRelativeTime(alert.detectedAt, now, locale)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
