import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { CardsSkeleton } from '@/components/ui/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useBillingSummary } from './api/use-billing-summary';
import { useStatement } from './api/use-statement';
import { BillingCards } from './components/billing-cards';
import { PaymentMethodsPanel } from './components/payment-methods-panel';
import { PayNowPanel } from './components/pay-now-panel';
import { BillRemindersCard } from './components/bill-reminders-card';
import { SavingsCard } from './components/savings-card';
import { StatementHistory } from './components/statement-history';
import { StatementView } from './components/statement-view';

export default function BillingPage() {
  const { t } = useTranslation('billing');
  const summary = useBillingSummary();
  const [chosen, setChosen] = useState<string | null>(null);
  const selectedId = chosen ?? summary.data?.lastStatement?.id ?? null;
  const statement = useStatement(selectedId);

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')} />
      {summary.data ? (
        <>
          <BillingCards summary={summary.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <PayNowPanel balanceCents={summary.data.balanceCents} statementId={summary.data.lastStatement?.id ?? null} />
            <PaymentMethodsPanel />
          </div>
          {summary.data.history.length === 0 ? (
            <EmptyState icon={FileText} title={t('empty.title')} message={t('empty.message')} />
          ) : (
            <>
              {statement.data ? (
                <StatementView statement={statement.data} />
              ) : statement.isError ? (
                <LoadError title={t('statement.error')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void statement.refetch()} retrying={statement.isFetching} />
              ) : (
                <div role="status">
                  <span className="sr-only">{t('statement.loading')}</span>
                  <Skeleton className="h-64" />
                </div>
              )}
              {selectedId && <SavingsCard statementId={selectedId} />}
              <StatementHistory history={summary.data.history} selectedId={selectedId} onSelect={setChosen} />
            </>
          )}
          <BillRemindersCard />
        </>
      ) : summary.isError ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      ) : (
        <>
          <CardsSkeleton count={3} loadingLabel={t('loading')} />
          <Skeleton className="h-48" />
        </>
      )}
    </div>
  );
}
