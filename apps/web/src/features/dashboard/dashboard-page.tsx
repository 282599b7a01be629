import { DASHBOARD_PERIODS } from '@peakwise/contracts/energy.contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { CardsSkeleton, PageSkeleton } from '@/components/ui/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useUrlChoice } from '@/lib/use-url-choice';
import { useDashboard, useDashboardLive } from './api/use-dashboard';
import { ActiveDevices } from './components/active-devices';
import { DashboardCards } from './components/dashboard-cards';
import { DashboardUsageChart } from './components/dashboard-usage-chart';
import { EventBanner } from './components/event-banner';
import { FirstStepsSlot } from './components/first-steps-slot';
import { HomePrompt } from './components/home-prompt';
import { EnergyTips } from './components/energy-tips';
import { RecentAlerts } from './components/recent-alerts';
import { useFirstAnswersIn } from './use-first-answers';

// Its own chunk and strings, fetched only for a member with a step left (decision 058's budget).

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const live = useDashboardLive();
  const query = useDashboard();
  const [period, setPeriod] = useUrlChoice('period', DASHBOARD_PERIODS, '24h');
  const dashboard = query.data;
  const name = (dashboard?.memberName || (session.status === 'signed-in' ? session.user.name : '')).trim();
  const ready = useFirstAnswersIn(period);
  // "Welcome" in the session of the member's first sign-in, "Welcome back" in any later one (the server knows which).
  const greeting = dashboard?.firstVisit ? (name ? t('greetingFirst', { name }) : t('greetingFirstAnonymous')) : name ? t('greeting', { name }) : t('greetingAnonymous');

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={greeting} />

      {/* One placeholder until the first answers are in, then all of it at once: nothing drawn is
          pushed by what arrives later (decision 068). The content is mounted, hidden, meanwhile, so
          each part's request starts at once. */}
      {!ready && <PageSkeleton cards={4} loadingLabel={t('loading')} />}
      <div hidden={!ready} className="space-y-6">
        <HomePrompt />

        <FirstStepsSlot />

        <EventBanner />

        {query.isError && !query.isFetching ? (
          <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
        ) : !dashboard ? (
          <CardsSkeleton count={4} loadingLabel={t('loading')} />
        ) : (
          <DashboardCards dashboard={dashboard} live={live} />
        )}

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <DashboardUsageChart period={period} onPeriodChange={setPeriod} />
          </div>
          {dashboard ? <ActiveDevices devices={dashboard.activeDevices} /> : <Skeleton className="h-64" />}
        </div>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <RecentAlerts />
          <div className="lg:col-span-2">
            <EnergyTips />
          </div>
        </div>
      </div>
    </div>
  );
}
