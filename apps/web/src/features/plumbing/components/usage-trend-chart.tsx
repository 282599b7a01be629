import type { PlumbingReady } from '@peakwise/contracts/plumbing.contract';
import { Droplets } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { EmptyState } from '@/components/ui/empty-state';
import { formatNumber, useIntlLocale } from '@/lib/format';
import { formatLitres } from '../plumbing-format';
import { plumbingChartPoints, trendTotal } from '../plumbing-chart-data';

// Water in sky blue, hot water in red-orange: both above 3:1 against white.
const WATER = '#0369a1';
const HOT = '#c2410c';

export function UsageTrendChart({ summary }: { summary: PlumbingReady }) {
  const { t } = useTranslation('plumbing');
  const locale = useIntlLocale();
  const total = trendTotal(summary);
  const summaryKey = summary.range === 'daily' ? 'chart.summaryDaily' : summary.range === 'weekly' ? 'chart.summaryWeekly' : 'chart.summaryMonthly';
  return (
    <section aria-labelledby="plumbing-chart-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="plumbing-chart-title" className="font-semibold text-slate-900">
        {t('chart.title')}
      </h2>
      <div className="mt-4">
        {total === null ? (
          <EmptyState icon={Droplets} title={t('chart.emptyTitle')} message={t('chart.emptyMessage')} />
        ) : (
          <BarChart
            data={plumbingChartPoints(summary, locale)}
            series={[
              { name: t('chart.litres'), color: WATER },
              { name: t('chart.hotLitres'), color: HOT },
            ]}
            summary={t(summaryKey, { total: formatLitres(total, locale) })}
            xLabel={summary.trend.bucket === 'hour' ? t('chart.hour') : t('chart.day')}
            unit="L"
            formatValue={(v) => formatLitres(v, locale, 1)}
            formatTick={(v) => formatNumber(v, locale, 0)}
            minLabelSpacing={summary.trend.bucket === 'hour' ? 44 : 56}
          />
        )}
      </div>
    </section>
  );
}
