import type { UsageHistory } from '@peakwise/contracts/energy.contract';
import type { ChartPoint } from '@/components/charts/chart-types';
import { formatLocalDate } from '@/lib/format';

export const USAGE_METRICS = ['energy', 'cost'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** One point per local day; cost in dollars. A day with no readings stays null (a gap). */
export function usageChartPoints(history: UsageHistory, metric: UsageMetric, locale: string): ChartPoint[] {
  const long = history.days.length > 31;
  return history.days.map((day) => ({
    label: long
      ? formatLocalDate(day.date, locale, { month: 'short' })
      : history.days.length <= 7
        ? formatLocalDate(day.date, locale, { weekday: 'short', day: 'numeric' })
        : formatLocalDate(day.date, locale),
    title: formatLocalDate(day.date, locale, { weekday: 'long', month: 'long', day: 'numeric', year: long ? 'numeric' : undefined }),
    values: [metric === 'energy' ? day.kwh : day.costCents === null ? null : day.costCents / 100],
    upcoming: day.coverage.expected === 0,
  }));
}

/** For a year, label the first of each month rather than every k-th day. */
export function monthStartIndexes(history: UsageHistory): number[] | undefined {
  if (history.days.length <= 31) return undefined;
  return history.days.flatMap((day, i) => (day.date.endsWith('-01') ? [i] : []));
}

export const missingDayCount = (history: UsageHistory, metric: UsageMetric) =>
  history.days.filter((d) => d.coverage.expected > 0 && (metric === 'energy' ? d.kwh : d.costCents) === null).length;
