import type { SolarSummary } from '@peakwise/contracts/energy.contract';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { EmptyState } from '@/components/ui/empty-state';
import { formatKwh, formatNumber, useIntlLocale } from '@/lib/format';
import { hasNoReadings, solarChartPoints } from '../solar-chart-data';

// Production in sun amber, consumption in sky blue: both above 3:1 against white.
const PRODUCTION = '#d97706';
const CONSUMPTION = '#0369a1';

export function ProductionChart({ summary }: { summary: SolarSummary }) {
  const { t } = useTranslation('solar');
  const locale = useIntlLocale();
  const { coverage } = summary;
  const partial = coverage.expected > 0 && coverage.intervals < coverage.expected;
  const summaryText = t(summary.period === 'today' ? 'chart.summaryToday' : 'chart.summaryWeek', {
    production: formatKwh(summary.totals.productionKwh, locale),
    consumption: formatKwh(summary.totals.consumptionKwh, locale),
  });

  return (
    <section aria-labelledby="solar-chart-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="solar-chart-title" className="font-semibold text-slate-900">
        {t('chart.title')}
      </h2>
      <div className="mt-4">
        {hasNoReadings(summary) ? (
          <EmptyState icon={BarChart3} title={t('chart.emptyTitle')} message={t('chart.emptyMessage')} />
        ) : (
          <BarChart
            data={solarChartPoints(summary, locale)}
            series={[
              { name: t('chart.production'), color: PRODUCTION },
              { name: t('chart.consumption'), color: CONSUMPTION },
            ]}
            summary={summaryText}
            xLabel={summary.bucket === 'hour' ? t('chart.hour') : t('chart.day')}
            unit="kWh"
            formatValue={(v) => formatKwh(v, locale, 2)}
            formatTick={(v) => formatNumber(v, locale, v % 1 === 0 ? 0 : 1)}
            minLabelSpacing={summary.bucket === 'hour' ? 44 : 56}
          />
        )}
      </div>
      {partial && (
        <p className="mt-3 text-xs text-slate-500">
          {t('chart.coverage', { received: coverage.intervals.toLocaleString(locale), expected: coverage.expected.toLocaleString(locale) })}
        </p>
      )}
    </section>
  );
}
