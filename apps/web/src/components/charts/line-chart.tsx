import { ChartShell } from './chart-shell';
import { lineSegments, missingRuns } from './chart-math';
import type { ChartProps } from './chart-types';

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
        const gaps = missingRuns(data.map((d) => (!d.upcoming && d.values.every((v) => v === null) ? null : 0)));
        return (
          <>
            {gaps.map(([from, to]) => (
              // At least 4 px wide, so one missing day in a year is still visible.
              <rect
                key={from}
                data-missing="true"
                x={(from + to + 1) * slots.step * 0.5 - Math.max(4, (to - from + 1) * slots.step) / 2}
                width={Math.max(4, (to - from + 1) * slots.step)}
                y={0}
                height={innerHeight}
                fill={noDataFill}
              />
            ))}
            {series.map((s, k) =>
              lineSegments(data.map((d) => d.values[k] ?? null)).map((segment) => {
                const points = segment.values.map((v, j) => [slots.center(segment.start + j), y(v)] as const);
                const line = points.map(([x, py], j) => `${j === 0 ? 'M' : 'L'}${x.toFixed(1)},${py.toFixed(1)}`).join('');
                const first = points[0]!;
                const last = points.at(-1)!;
                return (
                  <g key={`${s.name}-${segment.start}`} data-segment="true">
                    {k === 0 && <path d={`${line}L${last[0].toFixed(1)},${zero}L${first[0].toFixed(1)},${zero}Z`} fill={s.color} opacity={0.12} />}
                    {points.length === 1 ? (
                      <circle cx={first[0]} cy={first[1]} r={2.5} fill={s.color} />
                    ) : (
                      <path d={line} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
                    )}
                  </g>
                );
              }),
            )}
            {active !== null &&
              series.map((s, k) => {
                const value = data[active]?.values[k];
                return value === null || value === undefined ? null : (
                  <circle key={s.name} cx={slots.center(active)} cy={y(value)} r={4} fill="white" stroke={s.color} strokeWidth={2} />
                );
              })}
          </>
        );
      }}
    />
  );
}
