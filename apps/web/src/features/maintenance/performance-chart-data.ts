import type { MaintenanceOverview } from '@peakwise/contracts/maintenance.contract';
import type { ChartPoint } from '@/components/charts/chart-types';
import { formatLocalDate } from '@/lib/format';

type Performance = MaintenanceOverview['performance'];

/** Daily points (average, lowest); a day nobody was scored stays null and is drawn as a gap. */
export const performancePoints = (performance: Performance, locale: string): ChartPoint[] =>
  performance.map((p) => ({
    label: formatLocalDate(p.date, locale),
    title: formatLocalDate(p.date, locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    values: [p.averageHealthPct, p.lowestHealthPct],
  }));

/** The headline numbers for the chart's accessible name, with their real values (never clamped). */
export function performanceHighlights(performance: Performance) {
  const latest = performance.findLast((p) => p.averageHealthPct !== null) ?? null;
  let lowest: { date: string; value: number } | null = null;
  for (const p of performance) {
    const value = p.lowestHealthPct ?? p.averageHealthPct;
    if (value !== null && (lowest === null || value < lowest.value)) lowest = { date: p.date, value };
  }
  const belowAxis = performance.some((p) => (p.averageHealthPct !== null && p.averageHealthPct < 80) || (p.lowestHealthPct !== null && p.lowestHealthPct < 80));
  return { latest, lowest, belowAxis };
}
