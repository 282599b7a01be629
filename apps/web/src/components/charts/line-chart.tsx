import { Area, Bar, LinePath } from '@visx/shape';
import { ChartShell } from './chart-shell';
import { lineSegments, missingRuns, slotCenter } from './chart-math';
import type { ChartProps } from './chart-types';

type Point = { i: number; v: number };

/**
 * A line with a soft area under the first series. The line breaks where data is missing, and the
 * gap is hatched "no data" so a missing day never reads as a zero day.
 */
export function LineChart(props: ChartProps) {
  const { data, series } = props;
  return (
    <ChartShell
      chart={props}
      padding={0}
      renderMarks={({ layout: { y, slots, innerHeight }, active, noDataFill }) => {
        const zero = y(0);
        const step = slots.step();
        const x = (p: Point) => slotCenter(slots, p.i);
        const py = (p: Point) => y(p.v);
        const gaps = missingRuns(data.map((d) => (!d.upcoming && d.values.every((v) => v === null) ? null : 0)));
        return (
          <>
            {gaps.map(([from, to]) => {
              // At least 4 px wide, so one missing day in a year is still visible.
              const width = Math.max(4, (to - from + 1) * step);
              return <Bar key={from} data-missing="true" x={(from + to + 1) * step * 0.5 - width / 2} width={width} y={0} height={innerHeight} fill={noDataFill} />;
            })}
            {series.map((s, k) =>
              lineSegments(data.map((d) => d.values[k] ?? null)).map((segment) => {
                const points = segment.values.map((v, j) => ({ i: segment.start + j, v }));
                return (
                  <g key={`${s.name}-${segment.start}`} data-segment="true">
                    {k === 0 && <Area data={points} x={x} y1={py} y0={zero} fill={s.color} opacity={0.12} />}
                    {points.length === 1 ? (
                      <circle cx={x(points[0]!)} cy={py(points[0]!)} r={2.5} fill={s.color} />
                    ) : (
                      <LinePath data={points} x={x} y={py} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
                    )}
                  </g>
                );
              }),
            )}
            {active !== null &&
              series.map((s, k) => {
                const value = data[active]?.values[k];
                return value === null || value === undefined ? null : (
                  <circle key={s.name} cx={slotCenter(slots, active)} cy={y(value)} r={4} fill="white" stroke={s.color} strokeWidth={2} />
                );
              })}
          </>
        );
      }}
    />
  );
}
