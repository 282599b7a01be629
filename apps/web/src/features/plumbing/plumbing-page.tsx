import { plumbingRangeSchema, type PlumbingRange } from '@peakwise/contracts/plumbing.contract';
import { Droplets } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatTime, useIntlLocale } from '@/lib/format';
import { usePlumbingSummary } from './api/use-plumbing-summary';
import { IndicatorTiles } from './components/indicator-tiles';
import { PlumbingCards } from './components/plumbing-cards';
import { PlumbingEfficiencyBars } from './components/plumbing-efficiency-bars';
import { UsageTrendChart } from './components/usage-trend-chart';

function PlumbingSkeleton() {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}

export default function PlumbingPage() {
  const { t } = useTranslation('plumbing');
  const locale = useIntlLocale();
  const [params, setParams] = useSearchParams();
  const range: PlumbingRange = plumbingRangeSchema.catch('daily').parse(params.get('range') ?? 'daily');
  const query = usePlumbingSummary(range);
  const summary = query.data;
  const switching = query.isFetching && (query.isPending || query.isPlaceholderData);

  const setRange = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'daily') updated.delete('range');
      else updated.set('range', next);
      return updated;
    }, { replace: true });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
        </div>
        {summary?.state !== 'no-meter' && (
          <div className="flex items-end gap-3">
            {switching && <Spinner label={t('loading')} className="mb-1.5 scale-75" />}
            <SelectField
              label={t('range.label')}
              value={range}
              onChange={(event) => setRange(event.target.value)}
              options={[
                { value: 'daily', label: t('range.daily') },
                { value: 'weekly', label: t('range.weekly') },
                { value: 'monthly', label: t('range.monthly') },
              ]}
              className="w-44"
            />
          </div>
        )}
      </div>

      {query.isError && !query.isFetching ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
      ) : !summary ? (
        <PlumbingSkeleton />
      ) : summary.state === 'no-meter' ? (
        <EmptyState icon={Droplets} title={t('empty.title')} message={t('empty.message')} />
      ) : (
        <div aria-busy={switching} className={`space-y-6 transition-opacity ${switching ? 'opacity-60' : ''}`}>
          <PlumbingCards summary={summary} />
          <UsageTrendChart summary={summary} />
          {/* Three tiles need more room than three bars: 2/5 for the bars, 3/5 for the tiles. */}
          <div className="grid gap-6 xl:grid-cols-5">
            <div className="xl:col-span-2">
              <PlumbingEfficiencyBars summary={summary} />
            </div>
            <div className="xl:col-span-3">
              <IndicatorTiles summary={summary} />
            </div>
          </div>
          <p className="text-xs text-slate-500">{t('updated', { time: formatTime(new Date(query.dataUpdatedAt).toISOString(), summary.timeZone, locale) })}</p>
        </div>
      )}
    </div>
  );
}
