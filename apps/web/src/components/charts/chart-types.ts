export type ChartSeries = {
  name: string;
  /** A colour with at least 3:1 contrast on white (WCAG non-text contrast). */
  color: string;
};

export type ChartPoint = {
  /** Short axis label ("2 p.m.", "Mon 24"). */
  label: string;
  /** Full label for the tooltip and the table ("Monday, November 24, 2 p.m."). */
  title: string;
  /** One value per series; null = missing data, drawn as "no data", never as zero. */
  values: (number | null)[];
  /** A slot still in the future (later today): left empty, not marked "no data". */
  upcoming?: boolean;
};

/** The value axis's unit; each has its words in every language (charts namespace, `units`). */
export type ChartUnit = 'kWh' | 'W' | 'L' | 'percent' | 'cad';

export type ChartProps = {
  data: ChartPoint[];
  series: ChartSeries[];
  /** The accessible name: what the chart shows and its headline numbers. */
  summary: string;
  /** Header of the first table column ("Hour", "Day"). */
  xLabel: string;
  /** The value axis's unit, written above the chart and read out with it. */
  unit: ChartUnit;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  height?: number;
  /** Which x labels to draw; by default every k-th so they don't overlap. */
  xTickIndexes?: number[];
  minLabelSpacing?: number;
  /**
   * A fixed value axis ([80, 100] for health). Values outside it are drawn at its edge; the
   * tooltip, the table and the summary still give the real value.
   */
  yDomain?: readonly [number, number];
};
