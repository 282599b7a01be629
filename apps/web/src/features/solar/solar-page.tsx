import { solarPeriodSchema, type SolarPeriod } from '@peakwise/contracts/energy.contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatTime, useIntlLocale } from '@/lib/format';
import { useSolarSummary } from './api/use-solar-summary';
import { EfficiencyBars } from './components/efficiency-bars';
import { ProductionChart } from './components/production-chart';
import { SolarCards } from './components/solar-cards';
import { SystemStatus } from './components/system-status';

function SolarSkeleton() {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}

export default function SolarPage() {
  const { t } = useTranslation('solar');
  const locale = useIntlLocale();
  const [params, setParams] = useSearchParams();
  const period: SolarPeriod = solarPeriodSchema.catch('today').parse(params.get('period') ?? 'today');
  const query = useSolarSummary(period);
  const summary = query.data;
  // The spinner shows while the chosen period loads and ends however the request ends (docs/product/routes-and-screens.md#solar-system-monitor).
  const switching = query.isFetching && (query.isPending || query.isPlaceholderData);

  const setPeriod = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'today') updated.delete('period');
      else updated.set('period', next);
      return updated;
    }, { replace: true });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
        </div>
        <div className="flex items-end gap-3">
          {switching && <Spinner label={t('loading')} className="mb-1.5 scale-75" />}
          <SelectField
            label={t('period.label')}
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
            options={[
              { value: 'today', label: t('period.today') },
              { value: 'week', label: t('period.week') },
            ]}
            className="w-44"
          />
        </div>
      </div>

      {query.isError && !query.isFetching ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
      ) : !summary ? (
        <SolarSkeleton />
      ) : (
        <div aria-busy={switching} className={`space-y-6 transition-opacity ${switching ? 'opacity-60' : ''}`}>
          <SolarCards summary={summary} />
          <ProductionChart summary={summary} />
          <div className="grid gap-6 lg:grid-cols-2">
            <EfficiencyBars summary={summary} />
            <SystemStatus panels={summary.panels} />
          </div>
          <p className="text-xs text-slate-500">
            {t('updated', { time: formatTime(new Date(query.dataUpdatedAt).toISOString(), summary.timeZone, locale) })}
          </p>
        </div>
      )}
    </div>
  );
}
