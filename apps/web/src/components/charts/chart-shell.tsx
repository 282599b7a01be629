import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group } from '@visx/group';
import { Line } from '@visx/shape';
import { labelStride, slotCenter, slotScale, valueScale, valueTicks, type SlotScale, type ValueScale } from './chart-math';
import { ChartLegend, ChartTable, ChartTooltip, NoDataPattern, pointAnnouncement, useChartInteraction, useSvgId } from './chart-parts';
import type { ChartProps } from './chart-types';
import { useElementWidth } from './use-element-width';

export type ChartLayout = {
  innerWidth: number;
  innerHeight: number;
  y: ValueScale;
  slots: SlotScale;
};

type MarksArgs = { layout: ChartLayout; active: number | null; noDataFill: string };

/**
 * Everything the bar and line charts share: measuring, axes, grid, hover/keyboard tooltip, legend,
 * the accessible name and the data table. Each chart only draws its marks.
 */
export function ChartShell({ chart, padding, renderMarks }: { chart: ChartProps; padding: number; renderMarks: (args: MarksArgs) => ReactNode }) {
  const { t } = useTranslation('charts');
  const { data, series, summary, xLabel, unit, formatValue, formatTick, height = 240, xTickIndexes, minLabelSpacing = 48, yDomain } = chart;
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const noDataId = useSvgId('nodata');
  const hintId = useId();
  const unitId = useId();

  const top = 12;
  const bottom = 26;
  const innerHeight = height - top - bottom;
  const y = valueScale(
    data.flatMap((d) => d.values),
    [innerHeight, 0],
    yDomain,
  );
  const ticks = valueTicks(y);
  const tickLabels = ticks.map(formatTick);
  const margin = { top, right: 8, bottom, left: Math.max(...tickLabels.map((l) => l.length)) * 6.5 + 12 };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const slots = slotScale(data.length, innerWidth, padding);
  const n = data.length;
  const newest = data.findLastIndex((d) => !d.upcoming);
  const { active, keyboard, handlers } = useChartInteraction(n, margin.left, innerWidth, newest < 0 ? n - 1 : newest);
  const stride = labelStride(n, innerWidth, minLabelSpacing);
  const shownLabels = xTickIndexes ?? data.map((_, i) => i).filter((i) => i % stride === 0);
  const hasMissing = data.some((d) => !d.upcoming && d.values.some((v) => v === null));
  const activePoint = active === null ? null : data[active];

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        {/* The value axis's title: what its numbers count. */}
        <p id={unitId} className="text-xs text-slate-600" data-testid="chart-unit">
          {t('valueAxis', { unit: t(`units.${unit}`) })}
        </p>
        <ChartLegend series={series} hasMissing={hasMissing} noDataId={noDataId} />
      </div>
      <div ref={ref} className="relative">
        <svg
          role="img"
          aria-label={summary}
          aria-describedby={`${unitId} ${hintId}`}
          tabIndex={0}
          width={width}
          height={height}
          className="block max-w-full touch-pan-y rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          {...handlers}
        >
          <defs>
            <NoDataPattern id={noDataId} />
          </defs>
          <Group left={margin.left} top={margin.top}>
            {ticks
              .filter((tick) => tick !== 0)
              .map((tick) => (
                <Line key={`grid-${tick}`} from={{ x: 0, y: y(tick) }} to={{ x: innerWidth, y: y(tick) }} stroke="#e2e8f0" />
              ))}
            {ticks.includes(0) && <Line from={{ x: 0, y: y(0) }} to={{ x: innerWidth, y: y(0) }} stroke="#94a3b8" />}
            {ticks.map((tick, i) => (
              <text key={tick} x={-8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px] tabular-nums">
                {tickLabels[i]}
              </text>
            ))}
            {active !== null && <rect x={active * slots.step()} width={slots.step()} height={innerHeight} fill="#0f172a" opacity={0.05} />}
            {renderMarks({ layout: { innerWidth, innerHeight, y, slots }, active, noDataFill: `url(#${noDataId})` })}
            {shownLabels.map((i) => (
              <text key={i} x={slotCenter(slots, i)} y={innerHeight + 18} textAnchor="middle" className="fill-slate-500 text-[11px]">
                {data[i]?.label}
              </text>
            ))}
          </Group>
        </svg>
        {activePoint && active !== null && (
          <ChartTooltip point={activePoint} series={series} formatValue={formatValue} left={margin.left + slotCenter(slots, active)} width={width} />
        )}
      </div>
      <p id={hintId} className="sr-only">
        {t('keyboardHint')}
      </p>
      <p className="sr-only" aria-live="polite">
        {keyboard && activePoint ? pointAnnouncement(activePoint, series, formatValue, t('noData'), t('notYet')) : ''}
      </p>
      <ChartTable data={data} series={series} xLabel={xLabel} formatValue={formatValue} caption={summary} />
    </div>
  );
}
