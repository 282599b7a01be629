import { DASHBOARD_PERIODS, type DashboardPeriod, type DashboardUsage } from '@peakwise/contracts/energy.contract';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import type { ChartPoint } from '@/components/charts/chart-types';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatDayMonth, formatHour, formatKwh, formatNumber, formatWeekday, useIntlLocale } from '@/lib/format';
import { useDashboardUsage } from '../api/use-dashboard';
import { ConnectLinks } from './connect-links';

function points(usage: DashboardUsage, locale: string): ChartPoint[] {
  const { timeZone } = usage;
  return usage.points.map((p) => ({
    label:
      usage.bucket === 'hour'
        ? formatHour(p.start, timeZone, locale)
        : usage.period === '7d'
          ? formatWeekday(p.start, timeZone, locale)
          : formatDayMonth(p.start, timeZone, locale),
    title:
      usage.bucket === 'hour'
        ? formatDateTime(p.start, timeZone, locale)
        : new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(p.start)),
    values: [p.kwh],
    upcoming: p.coverage.expected === 0,
  }));
}

const sum = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
};

export function DashboardUsageChart({ period, onPeriodChange }: { period: DashboardPeriod; onPeriodChange: (p: DashboardPeriod) => void }) {
  const { t } = useTranslation('dashboard');
  const locale = useIntlLocale();
  const query = useDashboardUsage(period);
  const usage = query.data;
  const switching = query.isFetching && query.isPlaceholderData;

  return (
    <section aria-labelledby="dashboard-chart-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="dashboard-chart-title" className="font-semibold text-slate-900">
          {t('chart.title')}
        </h2>
        <div className="flex min-w-0 items-center gap-2">
          {switching && <Spinner label={t('loading')} className="scale-75" />}
          <SegmentedControl
            label={t('chart.period')}
            value={period}
            onChange={onPeriodChange}
            options={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(`chart.periods.${p}`) }))}
          />
        </div>
      </div>
      <div className={`mt-4 transition-opacity ${switching ? 'opacity-60' : ''}`} aria-busy={switching}>
        {query.isError && !query.isFetching ? (
          <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
        ) : !usage ? (
          <Skeleton className="h-64" />
        ) : usage.points.every((p) => p.kwh === null) ? (
          <EmptyState icon={BarChart3} title={t('chart.emptyTitle')} message={t('chart.emptyMessage')}>
            <ConnectLinks className="mt-3" />
          </EmptyState>
        ) : (
          <BarChart
            data={points(usage, locale)}
            series={[{ name: t('chart.usage'), color: '#047857' }]}
            summary={t(`chart.summary${usage.period}`, { total: formatKwh(sum(usage.points.map((p) => p.kwh)), locale) })}
            xLabel={usage.bucket === 'hour' ? t('chart.hour') : t('chart.day')}
            unit="kWh"
            formatValue={(v) => formatKwh(v, locale, 2)}
            formatTick={(v) => formatNumber(v, locale, v % 1 === 0 ? 0 : 1)}
            minLabelSpacing={usage.bucket === 'hour' ? 44 : 52}
          />
        )}
      </div>
    </section>
  );
}
