import { MAINTENANCE_RANGES, PERFORMANCE_AXIS, type MaintenanceOverview, type MaintenanceRange } from '@peakwise/contracts/maintenance.contract';
import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LineChart } from '@/components/charts/line-chart';
import { EmptyState } from '@/components/ui/empty-state';
import { PeriodSelect } from '@/components/ui/period-select';
import { MISSING, formatLocalDate, formatPercent, useIntlLocale } from '@/lib/format';
import { performanceHighlights, performancePoints } from '../performance-chart-data';

// Average in brand green, the weakest component in amber-700: both above 3:1 against white.
const AVERAGE = '#047857';
const LOWEST = '#b45309';

type PerformanceChartProps = {
  overview: MaintenanceOverview;
  range: MaintenanceRange;
  onRangeChange: (range: MaintenanceRange) => void;
  switching: boolean;
};

/** Daily component health over the chosen range, on the spec's fixed 80–100 axis. */
export function PerformanceChart({ overview, range, onRangeChange, switching }: PerformanceChartProps) {
  const { t } = useTranslation('maintenance');
  const locale = useIntlLocale();
  const { latest, lowest, belowAxis } = performanceHighlights(overview.performance);
  const pct = (v: number) => formatPercent(v, locale);
  const summary = t('chart.summary', {
    range: t(`chart.ranges.${overview.range}`).toLocaleLowerCase(locale),
    latest: latest?.averageHealthPct == null ? MISSING : pct(latest.averageHealthPct),
    date: latest ? formatLocalDate(latest.date, locale, { month: 'long', day: 'numeric' }) : MISSING,
    lowest: lowest ? pct(lowest.value) : MISSING,
    lowestDate: lowest ? formatLocalDate(lowest.date, locale, { month: 'long', day: 'numeric' }) : MISSING,
  });
  return (
    <section aria-labelledby="maintenance-chart-title" aria-busy={switching} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="maintenance-chart-title" className="font-semibold text-slate-900">
          {t('chart.title')}
        </h2>
        <PeriodSelect
          label={t('chart.range')}
          value={range}
          onChange={onRangeChange}
          options={MAINTENANCE_RANGES.map((r) => ({ value: r, label: t(`chart.ranges.${r}`) }))}
          switching={switching}
          switchingLabel={t('loading')}
        />
      </div>
      <div className={`mt-4 transition-opacity ${switching ? 'opacity-60' : ''}`}>
        {latest === null && lowest === null ? (
          <EmptyState icon={Activity} title={t('chart.emptyTitle')} message={t('chart.emptyMessage')} />
        ) : (
          <>
            <LineChart
              data={performancePoints(overview.performance, locale)}
              series={[
                { name: t('chart.average'), color: AVERAGE },
                { name: t('chart.lowest'), color: LOWEST },
              ]}
              summary={summary}
              xLabel={t('chart.day')}
              unit="percent"
              formatValue={pct}
              formatTick={(v) => formatPercent(v, locale, { digits: 0 })}
              yDomain={[PERFORMANCE_AXIS.min, PERFORMANCE_AXIS.max]}
              minLabelSpacing={64}
            />
            {belowAxis && <p className="mt-2 text-xs text-slate-600">{t('chart.belowAxis')}</p>}
          </>
        )}
      </div>
    </section>
  );
}
