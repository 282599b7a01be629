import type { SolarSummary } from '@peakwise/contracts/energy.contract';
import type { ChartPoint } from '@/components/charts/chart-types';
import { formatDateTime, formatHour, formatWeekday } from '@/lib/format';

/** Hours of today or days of the week as chart points, labelled in the household's zone. */
export function solarChartPoints(summary: SolarSummary, locale: string): ChartPoint[] {
  const { timeZone } = summary;
  return summary.series.map((bucket) => {
    const date = new Date(bucket.start);
    const title =
      summary.bucket === 'hour'
        ? formatDateTime(bucket.start, timeZone, locale)
        : new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(date);
    return {
      label: summary.bucket === 'hour' ? formatHour(bucket.start, timeZone, locale) : formatWeekday(bucket.start, timeZone, locale),
      title,
      values: [bucket.productionKwh, bucket.consumptionKwh],
      // Later hours of today: nothing is expected yet, so they are empty rather than "no data".
      upcoming: bucket.coverage.expected === 0,
    };
  });
}

/** True when there is nothing at all to draw (a new household, or a period before any reading). */
export const hasNoReadings = (summary: SolarSummary) =>
  summary.series.every((b) => b.productionKwh === null && b.consumptionKwh === null);
