import { SOLAR_PERIODS } from '@peakwise/contracts/energy.contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { PeriodSelect } from '@/components/ui/period-select';
import { formatTime, useIntlLocale } from '@/lib/format';
import { useUrlChoice } from '@/lib/use-url-choice';
import { useSolarSummary } from './api/use-solar-summary';
import { EfficiencyBars } from './components/efficiency-bars';
import { NoSolar } from './components/no-solar';
import { ProductionChart } from './components/production-chart';
import { SolarCards } from './components/solar-cards';
import { SystemStatus } from './components/system-status';

export default function SolarPage() {
  const { t } = useTranslation('solar');
  const locale = useIntlLocale();
  const [period, setPeriod] = useUrlChoice('period', SOLAR_PERIODS, 'today');
  const query = useSolarSummary(period);
  const summary = query.data;
  // The spinner shows while the chosen period loads and ends however the request ends (docs/product/routes-and-screens.md#solar-system-monitor).
  const switching = query.isFetching && (query.isPending || query.isPlaceholderData);

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')}>
        <PeriodSelect
          label={t('period.label')}
          value={period}
          onChange={setPeriod}
          options={SOLAR_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
          switching={switching}
          switchingLabel={t('loading')}
        />
      </PageHeader>

      {query.isError && !query.isFetching ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
      ) : !summary ? (
        <PageSkeleton cards={4} />
      ) : (
        <div aria-busy={switching} className={`space-y-6 transition-opacity ${switching ? 'opacity-60' : ''}`}>
          {summary.hasSolar ? (
            <>
              <SolarCards summary={summary} />
              <ProductionChart summary={summary} />
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                <EfficiencyBars summary={summary} />
                <SystemStatus panels={summary.panels} />
              </div>
            </>
          ) : (
            <NoSolar />
          )}
          <p className="text-xs text-slate-500">
            {t('updated', { time: formatTime(new Date(query.dataUpdatedAt).toISOString(), summary.timeZone, locale) })}
          </p>
        </div>
      )}
    </div>
  );
}
