import type { UsageHistory, UsageRange } from '@peakwise/contracts/energy.contract';
import { LineChart as LineChartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LineChart } from '@/components/charts/line-chart';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { GreenButtonPrompt } from './green-button-prompt';
import { formatCad, formatKwh, formatNumber, useIntlLocale } from '@/lib/format';
import { missingDayCount, monthStartIndexes, usageChartPoints, type UsageMetric } from '../usage-chart-data';

type UsageChartProps = {
  history: UsageHistory | undefined;
  metric: UsageMetric;
  range: UsageRange;
  loading: boolean;
  onMetricChange: (metric: UsageMetric) => void;
  onRangeChange: (range: UsageRange) => void;
};

const COLORS: Record<UsageMetric, string> = { energy: '#047857', cost: '#6d28d9' };

export function UsageChart({ history, metric, range, loading, onMetricChange, onRangeChange }: UsageChartProps) {
  const { t } = useTranslation('usage');
  const locale = useIntlLocale();
  const formatValue = (v: number) => (metric === 'energy' ? formatKwh(v, locale, 2) : formatCad(Math.round(v * 100), locale));
  const formatTick = (v: number) =>
    metric === 'energy'
      ? formatNumber(v, locale, v % 1 === 0 ? 0 : 1)
      : new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD', maximumFractionDigits: v % 1 === 0 ? 0 : 2 }).format(v);
  const empty = history && history.days.every((d) => d.kwh === null);
  const missing = history ? missingDayCount(history, metric) : 0;
  const total = history ? (metric === 'energy' ? formatKwh(history.totalKwh, locale) : formatCad(history.totalCostCents, locale)) : '';

  return (
    <section aria-labelledby="usage-chart-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <h2 id="usage-chart-title" className="font-semibold text-slate-900">
          {t('chart.title')}
        </h2>
        <div className="grid grid-cols-2 items-end gap-3 sm:flex">
          {loading && <Spinner label={t('loading')} className="col-span-2 mb-1.5 scale-75 justify-self-start" />}
          <SelectField
            label={t('chart.metric')}
            value={metric}
            onChange={(e) => onMetricChange(e.target.value === 'cost' ? 'cost' : 'energy')}
            options={[
              { value: 'energy', label: t('chart.energy') },
              { value: 'cost', label: t('chart.cost') },
            ]}
            className="sm:w-40"
          />
          <SelectField
            label={t('chart.range')}
            value={String(range)}
            onChange={(e) => onRangeChange(Number(e.target.value) as UsageRange)}
            options={[
              { value: '7', label: t('chart.range7') },
              { value: '30', label: t('chart.range30') },
              { value: '365', label: t('chart.range365') },
            ]}
            className="sm:w-44"
          />
        </div>
      </div>
      <div className={`mt-4 transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
        {!history ? null : empty ? (
          <>
            <EmptyState icon={LineChartIcon} title={t('chart.emptyTitle')} message={t('chart.emptyMessage')} />
            <GreenButtonPrompt />
          </>
        ) : (
          <>
            <LineChart
              data={usageChartPoints(history, metric, locale)}
              series={[{ name: metric === 'energy' ? t('chart.energySeries') : t('chart.costSeries'), color: COLORS[metric] }]}
              summary={t(metric === 'energy' ? 'chart.summaryEnergy' : 'chart.summaryCost', { days: history.range, total })}
              xLabel={t('chart.day')}
              unit={metric === 'energy' ? 'kWh' : 'cad'}
              formatValue={formatValue}
              formatTick={formatTick}
              xTickIndexes={monthStartIndexes(history)}
              minLabelSpacing={history.days.length <= 7 ? 56 : 52}
            />
            {missing > 0 && <p className="mt-2 text-xs text-slate-500">{t('chart.missingDays', { count: missing })}</p>}
          </>
        )}
      </div>
    </section>
  );
}
