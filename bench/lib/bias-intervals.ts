/**
 * 95 % intervals for the harness's ratios over home-events (a segment's kWh bias, a group's share
 * of the population's bias), by the household-clustered bootstrap (cluster-bootstrap.ts): each
 * replicate draws the outcomes' homes with replacement and computes every ratio on that draw.
 */

import { mulberry32 } from '../../apps/server/src/simulator/prng';
import { bootstrapRatios, percentileInterval, type Interval, type RatioSums } from './cluster-bootstrap';
import { estimatedKwh, trueKwh, type Outcome } from './baseline-scoring';

/** A ratio Σ numerator ÷ Σ denominator over home-events, × 100. */
export type RatioSpec = { numerator: (o: Outcome) => number; denominator: (o: Outcome) => number };

export type BootstrapOptions = { replicates: number; seed: number };

export const BOOTSTRAP_DEFAULTS: BootstrapOptions = { replicates: 1000, seed: 133 };

/** kWh bias of a method over the home-events a segment includes: Σ(estimated − true) ÷ Σ true. */
export function biasSpec(method: string, includes: (o: Outcome) => boolean): RatioSpec {
  return { numerator: (o) => (includes(o) ? estimatedKwh(o, method) - trueKwh(o) : 0), denominator: (o) => (includes(o) ? trueKwh(o) : 0) };
}

export type RatioIntervals = {
  intervals: Interval[];
  /** Per pair [a, b] asked for: the interval of ratio a − ratio b, from the same replicates. */
  differences: Interval[];
};

export function ratioIntervals(outcomes: readonly Outcome[], specs: readonly RatioSpec[], pairs: readonly (readonly [number, number])[] = [], options: BootstrapOptions = BOOTSTRAP_DEFAULTS): RatioIntervals {
  const homeOf = new Map<number, number>();
  for (const o of outcomes) if (!homeOf.has(o.homeIndex)) homeOf.set(o.homeIndex, homeOf.size);
  const sums: RatioSums[] = specs.map(() => ({ numerator: new Float64Array(homeOf.size), denominator: new Float64Array(homeOf.size) }));
  for (const o of outcomes) {
    const h = homeOf.get(o.homeIndex)!;
    specs.forEach((spec, k) => {
      sums[k]!.numerator[h]! += spec.numerator(o);
      sums[k]!.denominator[h]! += spec.denominator(o);
    });
  }
  const total = (a: Float64Array) => a.reduce((s, v) => s + v, 0);
  const estimates = sums.map((s) => (total(s.numerator) / total(s.denominator)) * 100);
  const replicates = bootstrapRatios(sums, homeOf.size, options.replicates, mulberry32(options.seed)).map((r) => r.map((v) => v * 100));
  return {
    intervals: estimates.map((e, k) => percentileInterval(e, replicates.map((r) => r[k]!))),
    differences: pairs.map(([a, b]) => percentileInterval(estimates[a]! - estimates[b]!, replicates.map((r) => r[a]! - r[b]!))),
  };
}

/** "+5.5 % [+2.1, +9.0]", or "–" without a figure. */
export function formatInterval(i: Interval, unit = ' %'): string {
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  if (!Number.isFinite(i.estimate)) return '–';
  const range = Number.isFinite(i.low) ? ` [${signed(i.low)}, ${signed(i.high)}]` : '';
  return `${signed(i.estimate)}${unit}${range}`;
}
