import type { CatalogueItem, RewardOrder } from '@peakwise/contracts/rewards.contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { CardsSkeleton } from '@/components/ui/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useCatalogue } from './api/use-catalogue';
import { useOrders } from './api/use-orders';
import { usePoints } from './api/use-points';
import { ActivityPanel } from './components/activity-panel';
import { CashOutPanel } from './components/cash-out-panel';
import { CatalogueGrid } from './components/catalogue-grid';
import { OrderList } from './components/order-list';
import { PointsCards } from './components/points-cards';
import { PrizeDrawPanel } from './components/prize-draw-panel';
import { RedeemDialog } from './components/redeem-dialog';
import { UpcomingEventsPanel } from './components/upcoming-events-panel';
import { useLocalized } from './use-localized';

export default function RewardsPage() {
  const { t } = useTranslation('rewards');
  const { t: tp } = useTranslation('programs');
  const query = usePoints();
  const points = query.data;

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')} />
      <p className="text-sm">
        <Link to="/app/programs" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline hover:text-brand-800">
          {tp('member.linkFromRewards')}
        </Link>
      </p>
      {points ? (
        <>
          <PointsCards points={points} />
          <UpcomingEventsPanel />
          <Marketplace balance={points.balance} />
          <CashOutPanel balance={points.balance} />
          <PrizeDrawPanel />
          <ActivityPanel />
        </>
      ) : query.isError ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <CardsSkeleton count={4} loadingLabel={t('loading')} />
          <Skeleton className="h-48" />
        </>
      )}
    </div>
  );
}

function Marketplace({ balance }: { balance: number }) {
  const { t } = useTranslation('rewards');
  const localized = useLocalized();
  const catalogue = useCatalogue();
  const orders = useOrders();
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);
  // Each confirmation is a new dialog, with its own Idempotency-Key.
  const [confirmation, setConfirmation] = useState(0);
  const [done, setDone] = useState<RewardOrder | null>(null);

  const open = (item: CatalogueItem) => {
    setDone(null);
    setConfirmation((n) => n + 1);
    setChosen(item);
  };

  return (
    <>
      <section aria-labelledby="catalogue-title" className="space-y-4">
        <div>
          <h2 id="catalogue-title" className="text-lg font-semibold text-slate-900">
            {t('catalogue.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('catalogue.intro')}</p>
        </div>
        <div aria-live="polite" className="empty:hidden">
          {done && <AlertMessage tone="success">{t('redeem.done', { name: localized(done.name) })}</AlertMessage>}
        </div>
        {catalogue.data ? (
          <CatalogueGrid items={catalogue.data.items} balance={balance} onRedeem={open} />
        ) : catalogue.isError ? (
          <LoadError title={t('catalogue.loadFailed')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void catalogue.refetch()} retrying={catalogue.isFetching} />
        ) : (
          <div role="status">
            <span className="sr-only">{t('catalogue.loading')}</span>
            <Skeleton className="h-64" />
          </div>
        )}
      </section>
      {orders.data ? (
        <OrderList orders={orders.data.orders} />
      ) : orders.isError ? (
        <LoadError title={t('orders.loadFailed')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : null}
      <RedeemDialog
        key={confirmation}
        item={chosen}
        balance={balance}
        onClose={() => setChosen(null)}
        onRedeemed={(order) => {
          setChosen(null);
          setDone(order);
        }}
      />
    </>
  );
}
