import type { DashboardPeriod } from '@peakwise/contracts/energy.contract';
import { DASHBOARD_PERIODS } from '@peakwise/contracts/energy.contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { useDashboard, useDashboardLive } from './api/use-dashboard';
import { ActiveDevices } from './components/active-devices';
import { DashboardCards } from './components/dashboard-cards';
import { DashboardUsageChart } from './components/dashboard-usage-chart';
import { EnergyTips } from './components/energy-tips';
import { RecentAlerts } from './components/recent-alerts';

const parsePeriod = (value: string | null): DashboardPeriod => DASHBOARD_PERIODS.find((p) => p === value) ?? '24h';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const live = useDashboardLive();
  const query = useDashboard();
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('period'));
  const dashboard = query.data;
  const name = (dashboard?.memberName || (session.status === 'signed-in' ? session.user.name : '')).trim();

  const setPeriod = (next: DashboardPeriod) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === '24h') updated.delete('period');
      else updated.set('period', next);
      return updated;
    }, { replace: true });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{name ? t('greeting', { name }) : t('greetingAnonymous')}</p>
      </div>

      {query.isError && !query.isFetching ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
      ) : !dashboard ? (
        <div className="relative grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
          <Spinner label={t('loading')} className="absolute inset-0 m-auto size-fit" />
        </div>
      ) : (
        <DashboardCards dashboard={dashboard} live={live} />
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DashboardUsageChart period={period} onPeriodChange={setPeriod} />
        </div>
        {dashboard ? <ActiveDevices devices={dashboard.activeDevices} /> : <Skeleton className="h-64" />}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <RecentAlerts />
        <div className="lg:col-span-2">
          <EnergyTips />
        </div>
      </div>
    </div>
  );
}
