/**
 * Household-clustered bootstrap for the baseline harness's ratios (bias = Σ(estimated − true) ÷
 * Σ true). A home's events share its habits and its area's weather, so its home-events are not
 * independent draws: resampling home-events would make the intervals too narrow. Each replicate
 * draws whole homes with replacement and keeps every home-event of each draw together.
 *
 * Every statistic of a replicate is computed on the same draw, so the difference of two of them
 * (two methods on the same homes, or two segments) gets an interval that keeps their correlation.
 */

export type Rand = () => number;

/** Per statistic, per home (cluster): the sums a ratio needs. */
export type RatioSums = { numerator: Float64Array; denominator: Float64Array };

export type Interval = { estimate: number; low: number; high: number };

/** Σ numerator ÷ Σ denominator over the homes drawn (each index once per time it was drawn). */
function ratioOf(sums: RatioSums, draw: Int32Array): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < draw.length; i++) {
    const home = draw[i]!;
    num += sums.numerator[home]!;
    den += sums.denominator[home]!;
  }
  return num / den;
}

/**
 * `replicates` draws of `homeCount` homes with replacement (home index = ⌊rand() × homeCount⌋, in
 * order), and for each, every ratio on that draw: result[r][k] is statistic k on replicate r.
 */
export function bootstrapRatios(stats: readonly RatioSums[], homeCount: number, replicates: number, rand: Rand): number[][] {
  const draw = new Int32Array(homeCount);
  const out: number[][] = [];
  for (let r = 0; r < replicates; r++) {
    for (let i = 0; i < homeCount; i++) draw[i] = Math.min(homeCount - 1, Math.floor(rand() * homeCount));
    out.push(stats.map((s) => ratioOf(s, draw)));
  }
  return out;
}

/**
 * The percentile interval of a statistic's replicates (nearest rank: the ⌈q·n⌉-th smallest), over
 * the finite ones: a draw with no home of a small segment has no ratio and is left out.
 */
export function percentileInterval(estimate: number, replicates: readonly number[], level = 0.95): Interval {
  const values = replicates.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (values.length === 0) return { estimate, low: Number.NaN, high: Number.NaN };
  // (1 − 0.95) ÷ 2 is 0.025000000000000022 in floating point: without the slack, 40 × it ranks 2nd, not 1st.
  const rank = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.ceil(q * values.length - 1e-9) - 1))]!;
  const tail = (1 - level) / 2;
  return { estimate, low: rank(tail), high: rank(1 - tail) };
}

/** Whether an interval of a difference leaves out 0: the difference is beyond sampling noise. */
export function excludesZero(interval: Interval): boolean {
  return interval.low > 0 || interval.high < 0;
}
