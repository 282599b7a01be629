import type { UsageRange } from '@peakwise/contracts/energy.contract';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { exportCsvUrl, useUsageHistory, useUsageLiveRefresh, useUsageSummary } from './api/use-usage';
import { UsageBreakdownList } from './components/usage-breakdown-list';
import { UsageCards } from './components/usage-cards';
import { UsageChart } from './components/usage-chart';
import type { UsageMetric } from './usage-chart-data';

const RANGES: UsageRange[] = [7, 30, 365];
const parseRange = (value: string | null): UsageRange => RANGES.find((r) => String(r) === value) ?? 30;

export default function UsagePage() {
  const { t } = useTranslation('usage');
  const [params, setParams] = useSearchParams();
  const range = parseRange(params.get('range'));
  const metric: UsageMetric = params.get('metric') === 'cost' ? 'cost' : 'energy';
  useUsageLiveRefresh();
  const summary = useUsageSummary();
  const history = useUsageHistory(range);

  const update = (key: string, value: string, fallback: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === fallback) next.delete(key);
      else next.set(key, value);
      return next;
    }, { replace: true });

  const failed = (summary.isError && !summary.isFetching) || (history.isError && !history.isFetching);
  const retry = () => {
    if (summary.isError) void summary.refetch();
    if (history.isError) void history.refetch();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <a href={exportCsvUrl(range)} download={`peakwise-usage-${range}-days.csv`} className={buttonClasses('secondary', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            {t('export.label')}
          </a>
          <p className="text-xs text-slate-500">{t('export.hint', { days: range })}</p>
        </div>
      </div>

      {failed && <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={retry} />}

      {summary.data ? (
        <UsageCards summary={summary.data} />
      ) : summary.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : null}

      {history.isPending ? (
        <div className="relative">
          <Skeleton className="h-96" />
          <Spinner label={t('loading')} className="absolute inset-0 m-auto size-fit" />
        </div>
      ) : history.data ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <UsageChart
              history={history.data}
              metric={metric}
              range={range}
              loading={history.isPlaceholderData && history.isFetching}
              onMetricChange={(m) => update('metric', m, 'energy')}
              onRangeChange={(r) => update('range', String(r), '30')}
            />
          </div>
          <UsageBreakdownList history={history.data} />
        </div>
      ) : null}
    </div>
  );
}
