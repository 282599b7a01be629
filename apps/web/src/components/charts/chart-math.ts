/**
 * Geometry for the SVG charts: scales and ticks, slots, gaps. No React, no DOM.
 *
 * The two scales are written here rather than taken from @visx/scale: that package brings d3-scale
 * and with it d3-color, d3-interpolate, d3-format and d3-time (about 12 kB compressed) for a linear
 * and a band scale, and the Dashboard draws a chart on first load (docs/decisions/058-dashboard-javascript-budget.md).
 * The tick rule is d3's (steps of 1, 2 or 5 × 10^k, computed as integers so they don't drift).
 */

/** A linear value scale: call it with a value for a position; `ticks` and `domain` as in d3. */
export type ValueScale = ((value: number) => number) & {
  domain(): [number, number];
  range(): [number, number];
  ticks(count: number): number[];
};

/** Equal slots across a width: call it with a slot index for the slot's band start. */
export type SlotScale = ((index: number) => number | undefined) & {
  bandwidth(): number;
  step(): number;
};

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** The tick step for about `count` ticks over [start, stop], as integers i1..i2 times (or over) `inc`. */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    // A fractional step is kept as its inverse so that ticks are integers divided, not multiplied.
    inc = 10 ** -power / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = 10 ** power * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && count >= 0.5 && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

function ticksBetween(start: number, stop: number, count: number): number[] {
  if (!(count > 0) || !(stop > start)) return start === stop && count > 0 ? [start] : [];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  return Array.from({ length: i2 - i1 + 1 }, (_, i) => (inc < 0 ? (i1 + i) / -inc : (i1 + i) * inc));
}

/** Widens [start, stop] outwards to whole tick steps, as d3's `nice(count)`. */
function niceDomain(start: number, stop: number, count: number): [number, number] {
  let previous: number | undefined;
  for (let i = 0; i < 10; i++) {
    const step = tickSpec(start, stop, count)[2];
    if (step === previous || !Number.isFinite(step) || step === 0) break;
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    }
    previous = step;
  }
  return [start, stop];
}

function linearScale(domain: [number, number], range: [number, number], clamp: boolean): ValueScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const scale = (value: number) => {
    let t = d1 === d0 ? 0.5 : (value - d0) / (d1 - d0);
    if (clamp) t = Math.min(1, Math.max(0, t));
    return r0 * (1 - t) + r1 * t;
  };
  return Object.assign(scale, {
    domain: (): [number, number] => [d0, d1],
    range: (): [number, number] => [r0, r1],
    ticks: (count: number) => ticksBetween(Math.min(d0, d1), Math.max(d0, d1), count),
  });
}

/**
 * The value axis (linear, onto `range`, SVG y inverted). From data: from 0 (or below, for
 * negative data) to at least the largest value, rounded out to about `count` nice ticks;
 * all-missing or all-zero data still gets an axis (0 … 1) so the frame doesn't collapse.
 * Fixed (`[80, 100]` for health): that domain exactly, and values outside it are drawn at its
 * edge; the tooltip, the table and the summary still give the real value.
 */
export function valueScale(values: readonly (number | null | undefined)[], range: readonly [number, number], fixed?: readonly [number, number], count = 4): ValueScale {
  if (fixed) return linearScale([fixed[0], fixed[1]], [range[0], range[1]], true);
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  return linearScale(niceDomain(max === min ? 0 : min, max === min ? 1 : max, count), [range[0], range[1]], false);
}

/** The axis ticks of a value scale: about `count`, ends included when the domain is fixed. */
export function valueTicks(scale: ValueScale, count = 4): number[] {
  const ticks = scale.ticks(count);
  const [lo, hi] = scale.domain();
  // A nice domain ends on ticks already; a fixed one (80–100) must show both ends too.
  return [...(ticks[0] === lo ? [] : [lo]), ...ticks, ...(ticks.at(-1) === hi ? [] : [hi])];
}

/**
 * `n` equal slots across `width`, each with a centred band `padding` (0–1) narrower than the
 * slot, and half that padding at each end.
 */
export function slotScale(n: number, width: number, padding = 0.2): SlotScale {
  const outer = padding / 2;
  const step = width / Math.max(1, n - padding + outer * 2);
  const start = (width - step * (n - padding)) / 2;
  const scale = (index: number) => (Number.isInteger(index) && index >= 0 && index < n ? start + step * index : undefined);
  return Object.assign(scale, { bandwidth: () => step * (1 - padding), step: () => step });
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
