/** Geometry for the SVG charts: scales and ticks (visx, i.e. d3), slots, gaps. No React, no DOM. */
import { scaleBand, scaleLinear } from '@visx/scale';

export type ValueScale = ReturnType<typeof scaleLinear<number>>;
export type SlotScale = ReturnType<typeof scaleBand<number>>;

/**
 * The value axis (visx/d3 linear scale onto `range`, SVG y inverted). From data: from 0 (or
 * below, for negative data) to at least the largest value, rounded out to about `count` nice
 * ticks; all-missing or all-zero data still gets an axis (0 … 1) so the frame doesn't collapse.
 * Fixed (`[80, 100]` for health): that domain exactly, and values outside it are drawn at its
 * edge; the tooltip, the table and the summary still give the real value.
 */
export function valueScale(values: readonly (number | null | undefined)[], range: readonly [number, number], fixed?: readonly [number, number], count = 4): ValueScale {
  if (fixed) return scaleLinear<number>({ domain: [fixed[0], fixed[1]], range: [range[0], range[1]], clamp: true });
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  return scaleLinear<number>({ domain: max === min ? [0, 1] : [min, max], range: [range[0], range[1]], nice: count });
}

/** The axis ticks of a value scale: about `count`, ends included when the domain is fixed. */
export function valueTicks(scale: ValueScale, count = 4): number[] {
  const ticks = scale.ticks(count);
  const [lo, hi] = scale.domain() as [number, number];
  // A nice domain ends on ticks already; a fixed one (80–100) must show both ends too.
  return [...(ticks[0] === lo ? [] : [lo]), ...ticks, ...(ticks.at(-1) === hi ? [] : [hi])];
}

/** `n` equal slots across `width`, each with a centred band `padding` (0–1) narrower than the slot. */
export function slotScale(n: number, width: number, padding = 0.2): SlotScale {
  return scaleBand<number>({ domain: Array.from({ length: n }, (_, i) => i), range: [0, width], paddingInner: padding, paddingOuter: padding / 2 });
}

/** Left edge and centre of slot `i`. */
export const slotStart = (slots: SlotScale, i: number) => slots(i) ?? 0;
export const slotCenter = (slots: SlotScale, i: number) => slotStart(slots, i) + slots.bandwidth() / 2;

/** The slot index under a pointer at `x` (clamped), for hover tooltips. */
export function indexAt(x: number, n: number, width: number): number {
  if (n <= 0 || width <= 0) return 0;
  return Math.min(n - 1, Math.max(0, Math.floor((x / width) * n)));
}

export type Segment = { start: number; values: number[] };

/**
 * Splits a series at missing values, so a line breaks where data is missing instead of diving to
 * zero or bridging the gap. Each segment keeps the index of its first point.
 */
export function lineSegments(values: readonly (number | null)[]): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | null = null;
  values.forEach((value, i) => {
    if (value === null || !Number.isFinite(value)) {
      current = null;
      return;
    }
    if (!current) {
      current = { start: i, values: [] };
      segments.push(current);
    }
    current.values.push(value);
  });
  return segments;
}

/** Runs of consecutive missing values as [first, last] index pairs, drawn as "no data" bands. */
export function missingRuns(values: readonly (number | null)[]): [number, number][] {
  const runs: [number, number][] = [];
  values.forEach((value, i) => {
    if (value !== null && Number.isFinite(value)) return;
    const last = runs.at(-1);
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i, i]);
  });
  return runs;
}

/** Show every k-th x label so labels at least `minSpacing` px apart never overlap. */
export function labelStride(n: number, width: number, minSpacing: number): number {
  if (n <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil(n / Math.max(1, Math.floor(width / minSpacing))));
}
