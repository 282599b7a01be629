import { Group } from '@visx/group';
import { Bar } from '@visx/shape';
import { ChartShell } from './chart-shell';
import { slotScale, slotStart } from './chart-math';
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
        const group = slotScale(series.length, slots.bandwidth(), series.length > 1 ? 0.12 : 0);
        const band = group.bandwidth();
        const zero = y(0);
        return data.map((point, i) => (
          <Group key={i} left={slotStart(slots, i)}>
            {series.map((s, k) => {
              const value = point.values[k];
              const x = slotStart(group, k);
              if ((value === null || value === undefined) && point.upcoming) return null;
              if (value === null || value === undefined) {
                return <Bar key={s.name} data-missing="true" x={x} width={Math.max(2, band)} y={0} height={innerHeight} fill={noDataFill} />;
              }
              const top = Math.min(y(value), zero);
              const h = Math.abs(y(value) - zero);
              return <Bar key={s.name} x={x} width={band} y={h < 1 ? zero - 1 : top} height={Math.max(1, h)} rx={Math.min(2, band / 4)} fill={s.color} />;
            })}
          </Group>
        ));
      }}
    />
  );
}
