import type { PlumbingReady } from '@peakwise/contracts/plumbing.contract';
import type { ChartPoint } from '@/components/charts/chart-types';
import { formatDateTime, formatDayMonth, formatHour, formatWeekday } from '@/lib/format';

/** Trend buckets as chart points (total and hot litres), labelled in the household's zone. */
export function plumbingChartPoints(summary: PlumbingReady, locale: string): ChartPoint[] {
  const { timeZone, trend, range } = summary;
  return trend.points.map((p) => ({
    label: trend.bucket === 'hour' ? formatHour(p.start, timeZone, locale) : range === 'weekly' ? formatWeekday(p.start, timeZone, locale) : formatDayMonth(p.start, timeZone, locale),
    title:
      trend.bucket === 'hour'
        ? formatDateTime(p.start, timeZone, locale)
        : new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(p.start)),
    values: [p.litres, p.hotLitres],
  }));
}

/** Sum of the known buckets; null when none is known. */
export function trendTotal(summary: PlumbingReady): number | null {
  const known = summary.trend.points.map((p) => p.litres).filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((s, v) => s + v, 0);
}
