import { USAGE_RANGES } from '@peakwise/contracts/energy.contract';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { CardsSkeleton } from '@/components/ui/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useUrlChoice } from '@/lib/use-url-choice';
import { exportCsvUrl, useUsageHistory, useUsageLiveRefresh, useUsageSummary } from './api/use-usage';
import { UsageBreakdownList } from './components/usage-breakdown-list';
import { UsageCards } from './components/usage-cards';
import { UsageChart } from './components/usage-chart';
import { USAGE_METRICS } from './usage-chart-data';

export default function UsagePage() {
  const { t } = useTranslation('usage');
  const [range, setRange] = useUrlChoice('range', USAGE_RANGES, 30);
  const [metric, setMetric] = useUrlChoice('metric', USAGE_METRICS, 'energy');
  useUsageLiveRefresh();
  const summary = useUsageSummary();
  const history = useUsageHistory(range);

  const failed = (summary.isError && !summary.isFetching) || (history.isError && !history.isFetching);
  const retry = () => {
    if (summary.isError) void summary.refetch();
    if (history.isError) void history.refetch();
  };

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')}>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <a href={exportCsvUrl(range)} download={`peakwise-usage-${range}-days.csv`} className={buttonClasses('secondary', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            {t('export.label')}
          </a>
          <p className="text-xs text-slate-500">{t('export.hint', { days: range })}</p>
        </div>
      </PageHeader>

      {failed && <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={retry} />}

      {summary.data ? (
        <UsageCards summary={summary.data} />
      ) : summary.isPending ? (
        <CardsSkeleton count={4} />
      ) : null}

      {history.isPending ? (
        <div className="relative">
          <Skeleton className="h-96" />
          <Spinner label={t('loading')} className="absolute inset-0 m-auto size-fit" />
        </div>
      ) : history.data ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <UsageChart
              history={history.data}
              metric={metric}
              range={range}
              loading={history.isPlaceholderData && history.isFetching}
              onMetricChange={setMetric}
              onRangeChange={setRange}
            />
          </div>
          <UsageBreakdownList history={history.data} />
        </div>
      ) : null}
    </div>
  );
}
