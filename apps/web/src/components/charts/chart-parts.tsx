import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PatternLines } from '@visx/pattern';
import { indexAt } from './chart-math';
import type { ChartPoint, ChartSeries } from './chart-types';

export const NO_DATA_FILL = '#f1f5f9';
export const NO_DATA_STROKE = '#94a3b8';

/** A diagonal hatch for "no data": clearly not a bar, readable without colour. */
export function NoDataPattern({ id }: { id: string }) {
  return <PatternLines id={id} width={6} height={6} background={NO_DATA_FILL} stroke={NO_DATA_STROKE} strokeWidth={1.5} orientation={['diagonal']} />;
}

/** useId() returns characters that need escaping inside url(#…); keep letters and digits. */
export function useSvgId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
}

/** Hover, focus and arrow-key navigation over `n` slots laid across `plotWidth` px from `plotLeft`. */
export function useChartInteraction(n: number, plotLeft: number, plotWidth: number, newest = n - 1) {
  const [active, setActive] = useState<number | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const clamp = (i: number) => Math.min(n - 1, Math.max(0, i));
  const move = (i: number) => {
    setKeyboard(true);
    setActive(clamp(i));
  };
  return {
    active: active !== null && active < n ? active : null,
    keyboard,
    handlers: {
      onKeyDown(event: KeyboardEvent) {
        const current = active ?? n - 1;
        if (event.key === 'ArrowRight') move(current + 1);
        else if (event.key === 'ArrowLeft') move(current - 1);
        else if (event.key === 'Home') move(0);
        else if (event.key === 'End') move(n - 1);
        else if (event.key === 'Escape') setActive(null);
        else return;
        event.preventDefault();
      },
      // The newest value is usually the interesting one.
      onFocus: () => move(newest),
      onBlur: () => setActive(null),
      onPointerMove(event: PointerEvent<SVGSVGElement>) {
        const box = event.currentTarget.getBoundingClientRect();
        const x = event.clientX - box.left - plotLeft;
        setKeyboard(false);
        setActive(x < 0 || x > plotWidth ? null : indexAt(x, n, plotWidth));
      },
      onPointerLeave: () => {
        if (!keyboard) setActive(null);
      },
    },
  };
}

type TooltipProps = { point: ChartPoint; series: ChartSeries[]; formatValue: (v: number) => string; left: number; width: number };

export function ChartTooltip({ point, series, formatValue, left, width }: TooltipProps) {
  const { t } = useTranslation('charts');
  // Keep the 11rem-wide box inside the chart.
  const x = Math.min(Math.max(left, 88), Math.max(88, width - 88));
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-1 z-10 w-44 -translate-x-1/2 rounded-lg border border-slate-200 bg-white/95 px-3 py-2 text-xs shadow-md"
      style={{ left: x }}
    >
      <p className="font-semibold text-slate-900">{point.title}</p>
      <ul className="mt-1 space-y-0.5">
        {series.map((s, i) => {
          const value = point.values[i];
          return (
            <li key={s.name} className="flex items-center justify-between gap-2 text-slate-700">
              <span className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm" style={{ background: s.color }} />
                {s.name}
              </span>
              <span className="font-medium text-slate-900 tabular-nums">
                {value === null || value === undefined ? (point.upcoming ? t('notYet') : t('noData')) : formatValue(value)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ChartLegend({ series, hasMissing, noDataId }: { series: ChartSeries[]; hasMissing: boolean; noDataId: string }) {
  const { t } = useTranslation('charts');
  if (series.length < 2 && !hasMissing) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
      {series.length > 1 &&
        series.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span className="size-3 rounded-sm" style={{ background: s.color }} />
            {s.name}
          </li>
        ))}
      {hasMissing && (
        <li className="flex items-center gap-1.5">
          <svg className="size-3 rounded-sm border border-slate-300" viewBox="0 0 12 12">
            <rect width="12" height="12" fill={`url(#${noDataId})`} />
          </svg>
          {t('noData')}
        </li>
      )}
    </ul>
  );
}

/**
 * The chart's data as a table: always in the accessibility tree (visually hidden), and shown on
 * screen with "Show as table", for anyone who prefers numbers to shapes.
 */
export function ChartTable({ data, series, xLabel, formatValue, caption }: { data: ChartPoint[]; series: ChartSeries[]; xLabel: string; formatValue: (v: number) => string; caption: string }) {
  const { t } = useTranslation('charts');
  const [visible, setVisible] = useState(false);
  const tableId = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={visible}
        aria-controls={tableId}
        onClick={() => setVisible((v) => !v)}
        className="text-xs font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {visible ? t('hideTable') : t('showTable')}
      </button>
      {/* When shown, the table scrolls inside its box, so the box takes focus for keyboard scrolling. */}
      <div
        id={tableId}
        role={visible ? 'region' : undefined}
        aria-label={visible ? caption : undefined}
        tabIndex={visible ? 0 : undefined}
        className={visible ? 'relative mt-3 max-h-72 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600' : 'sr-only'}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {xLabel}
              </th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="px-3 py-2 text-right font-medium">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.map((point, row) => (
              <tr key={row}>
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                  {point.title}
                </th>
                {series.map((s, i) => {
                  const value = point.values[i];
                  return (
                    <td key={s.name} className="px-3 py-1.5 text-right text-slate-900 tabular-nums">
                      {value === null || value === undefined ? <span className="text-slate-500">{point.upcoming ? t('notYet') : t('noData')}</span> : formatValue(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** What a screen reader hears while arrowing through the chart. */
export function pointAnnouncement(point: ChartPoint, series: ChartSeries[], formatValue: (v: number) => string, noData: string, notYet: string) {
  const parts = series.map((s, i) => {
    const value = point.values[i];
    return `${s.name}: ${value === null || value === undefined ? (point.upcoming ? notYet : noData) : formatValue(value)}`;
  });
  return [point.title, ...parts].join(', ');
}
