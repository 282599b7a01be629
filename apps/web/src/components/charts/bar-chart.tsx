import { ChartShell } from './chart-shell';
import { bandLayout } from './chart-math';
import type { ChartProps } from './chart-types';

/**
 * Grouped bars, one per series in each slot (production vs consumption). A missing value is a
 * hatched full-height "no data" column — never a zero bar; a real zero is a hairline on the axis.
 */
export function BarChart(props: ChartProps) {
  const { data, series } = props;
  return (
    <ChartShell
      chart={props}
      padding={data.length > 60 ? 0.1 : 0.25}
      renderMarks={({ layout: { y, slots, innerHeight }, noDataFill }) => {
        const group = bandLayout(series.length, slots.band, series.length > 1 ? 0.12 : 0);
        const zero = y(0);
        return data.map((point, i) => (
          <g key={i} transform={`translate(${slots.start(i)},0)`}>
            {series.map((s, k) => {
              const value = point.values[k];
              const x = group.start(k);
              if ((value === null || value === undefined) && point.upcoming) return null;
              if (value === null || value === undefined) {
                return <rect key={s.name} data-missing="true" x={x} width={Math.max(2, group.band)} y={0} height={innerHeight} fill={noDataFill} />;
              }
              const top = Math.min(y(value), zero);
              const h = Math.abs(y(value) - zero);
              return <rect key={s.name} x={x} width={group.band} y={h < 1 ? zero - 1 : top} height={Math.max(1, h)} rx={Math.min(2, group.band / 4)} fill={s.color} />;
            })}
          </g>
        ));
      }}
    />
  );
}
