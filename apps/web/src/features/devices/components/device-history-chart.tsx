import { DEVICE_HISTORY_RANGES, type DeviceHistory, type DeviceHistoryRange } from '@peakwise/contracts/devices.contract';
import { LineChart as LineChartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LineChart } from '@/components/charts/line-chart';
import type { ChartPoint } from '@/components/charts/chart-types';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatDayMonth, formatHour, formatNumber, formatWeekday, useIntlLocale } from '@/lib/format';
import { formatWatts } from '../device-metrics';
import type { UseQueryResult } from '@tanstack/react-query';

function points(history: DeviceHistory, locale: string): ChartPoint[] {
  const { timeZone } = history;
  return history.points.map((p) => ({
    label:
      history.bucket === 'hour'
        ? formatHour(p.start, timeZone, locale)
        : history.range === '7d'
          ? formatWeekday(p.start, timeZone, locale)
          : formatDayMonth(p.start, timeZone, locale),
    title:
      history.bucket === 'hour'
        ? formatDateTime(p.start, timeZone, locale)
        : new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(p.start)),
    values: [p.avgPowerW],
    upcoming: p.coverage.expected === 0,
  }));
}

type Props = { range: DeviceHistoryRange; onRangeChange: (range: DeviceHistoryRange) => void; query: UseQueryResult<DeviceHistory, unknown> };

export function DeviceHistoryChart({ range, onRangeChange, query }: Props) {
  const { t } = useTranslation('devices');
  const locale = useIntlLocale();
  const history = query.data;
  const switching = query.isFetching && query.isPlaceholderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('detail.chartTitle')}</h3>
        <div className="flex items-center gap-2">
          {switching && <Spinner label={t('loading')} className="scale-75" />}
          <SegmentedControl label={t('detail.range')} value={range} onChange={onRangeChange} options={DEVICE_HISTORY_RANGES.map((r) => ({ value: r, label: t(`detail.ranges.${r}`) }))} />
        </div>
      </div>
      <div className={`mt-3 transition-opacity ${switching ? 'opacity-60' : ''}`} aria-busy={switching}>
        {query.isError && !query.isFetching ? (
          <LoadError title={t('detail.historyError')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
        ) : !history ? (
          <Skeleton className="h-56" />
        ) : history.points.every((p) => p.avgPowerW === null) ? (
          <EmptyState icon={LineChartIcon} title={t('detail.emptyChart')} message={t('detail.emptyChartMessage')} />
        ) : (
          <LineChart
            data={points(history, locale)}
            series={[{ name: t('detail.chartSeries'), color: '#0369a1' }]}
            summary={t(`detail.summary${history.range}`)}
            xLabel={history.bucket === 'hour' ? t('detail.hour') : t('detail.day')}
            unit="W"
            formatValue={(v) => formatWatts(v, locale)}
            formatTick={(v) => formatNumber(v, locale, v % 1 === 0 ? 0 : 1)}
            height={220}
            minLabelSpacing={history.bucket === 'hour' ? 44 : 52}
          />
        )}
      </div>
    </div>
  );
}
