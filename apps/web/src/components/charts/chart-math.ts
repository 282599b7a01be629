/** Pure geometry for the SVG charts: nice ticks, scales, bands, gaps. No React, no DOM. */

/** Round a raw step up to 1, 2, 2.5 or 5 × 10^k so ticks read like a person chose them. */
export function niceStep(rawStep: number): number {
  if (!(rawStep > 0) || !Number.isFinite(rawStep)) return 1;
  const power = 10 ** Math.floor(Math.log10(rawStep));
  const fraction = rawStep / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Ticks from 0 (or below, for negative data) to at least the largest value, about `count` of them.
 * All-missing or all-zero data still gets an axis (0 … 1) so the frame doesn't collapse.
 */
export function niceTicks(values: readonly (number | null | undefined)[], count = 4): number[] {
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  if (max === min) return [0, 0.25, 0.5, 0.75, 1];
  const step = niceStep((max - min) / count);
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  // Correct float drift (0.1 + 0.2) by rounding to the step's decimals.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  for (let v = start; v < max + step * 0.999; v += step) ticks.push(Number(v.toFixed(decimals)));
  if (ticks.length < 2) ticks.push(Number((start + step).toFixed(decimals)));
  return ticks;
}

/** Ticks for a fixed axis: both ends and about `count` even steps between them. */
export function domainTicks([min, max]: readonly [number, number], count = 4): number[] {
  if (!(max > min)) return [min, min + 1];
  const step = niceStep((max - min) / count);
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  const ticks: number[] = [];
  for (let v = min; v < max - step * 0.001; v += step) ticks.push(Number(v.toFixed(decimals)));
  ticks.push(max);
  return ticks;
}

export type Scale = (value: number) => number;

/** A scale that pins values outside the domain to its nearer end (a fixed axis never overflows the plot). */
export function clampedScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const scale = linearScale(domain, range);
  const [lo, hi] = domain[0] <= domain[1] ? domain : [domain[1], domain[0]];
  return (value) => scale(Math.min(hi, Math.max(lo, value)));
}

/** Maps [d0, d1] linearly onto [r0, r1]; a zero-width domain maps everything to r0. */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): Scale {
  const span = d1 - d0;
  if (span === 0) return () => r0;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** `n` equal slots across `width`; each slot has a centred band `padding` (0–1) narrower than the slot. */
export function bandLayout(n: number, width: number, padding = 0.2) {
  const step = n > 0 ? width / n : width;
  const band = step * (1 - padding);
  return { step, band, start: (i: number) => i * step + (step - band) / 2, center: (i: number) => i * step + step / 2 };
}

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
