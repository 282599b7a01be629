import { PLUMBING_RANGES } from '@peakwise/contracts/plumbing.contract';
import { Droplets } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { PeriodSelect } from '@/components/ui/period-select';
import { formatTime, useIntlLocale } from '@/lib/format';
import { useUrlChoice } from '@/lib/use-url-choice';
import { usePlumbingSummary } from './api/use-plumbing-summary';
import { IndicatorTiles } from './components/indicator-tiles';
import { PlumbingCards } from './components/plumbing-cards';
import { PlumbingEfficiencyBars } from './components/plumbing-efficiency-bars';
import { UsageTrendChart } from './components/usage-trend-chart';

export default function PlumbingPage() {
  const { t } = useTranslation('plumbing');
  const locale = useIntlLocale();
  const [range, setRange] = useUrlChoice('range', PLUMBING_RANGES, 'daily');
  const query = usePlumbingSummary(range);
  const summary = query.data;
  const switching = query.isFetching && (query.isPending || query.isPlaceholderData);

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')}>
        {summary?.state !== 'no-meter' && (
          <PeriodSelect
            label={t('range.label')}
            value={range}
            onChange={setRange}
            options={PLUMBING_RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))}
            switching={switching}
            switchingLabel={t('loading')}
          />
        )}
      </PageHeader>

      {query.isError && !query.isFetching ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
      ) : !summary ? (
        <PageSkeleton cards={5} />
      ) : summary.state === 'no-meter' ? (
        <EmptyState icon={Droplets} title={t('empty.title')} message={t('empty.message')} />
      ) : (
        <div aria-busy={switching} className={`space-y-6 transition-opacity ${switching ? 'opacity-60' : ''}`}>
          <PlumbingCards summary={summary} />
          <UsageTrendChart summary={summary} />
          {/* Three tiles need more room than three bars: 2/5 for the bars, 3/5 for the tiles. */}
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
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
