import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { NotAvailable } from '@/components/ui/not-available';
import { PageHeader } from '@/components/ui/page-header';
import { CardsSkeleton } from '@/components/ui/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { usePoints } from './api/use-points';
import { ActivityPanel } from './components/activity-panel';
import { CashOutPanel } from './components/cash-out-panel';
import { PointsCards } from './components/points-cards';
import { PrizeDrawPanel } from './components/prize-draw-panel';

export default function RewardsPage() {
  const { t } = useTranslation('rewards');
  const query = usePoints();
  const points = query.data;

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')} />
      {points ? (
        <>
          <PointsCards points={points} />
          <CashOutPanel balance={points.balance} />
          <PrizeDrawPanel />
          <ActivityPanel />
        </>
      ) : query.isError ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <CardsSkeleton count={3} loadingLabel={t('loading')} />
          <Skeleton className="h-48" />
        </>
      )}
      {/* No catalogue exists yet: an honest notice rather than sample rewards. */}
      <NotAvailable title={t('catalogue.title')} description={t('catalogue.body')} />
    </div>
  );
}
