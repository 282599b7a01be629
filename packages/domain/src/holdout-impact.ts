import { studentTCritical } from './student-t';

/**
 * The program's impact measured against its random hold-out (decision 100): what the called
 * households used over the event window against what the held-out ones used, per household and in
 * total, with a 95 % Welch interval, beside what the baselines said they saved.
 */

export type Sample = { n: number; mean: number; variance: number };

/** Count, mean and sample variance (n − 1); the variance is 0 for fewer than two values. */
export function summarize(values: readonly number[]): Sample {
  const n = values.length;
  if (n === 0) return { n: 0, mean: 0, variance: 0 };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  let squares = 0;
  for (const v of values) squares += (v - mean) * (v - mean);
  return { n, mean, variance: n > 1 ? squares / (n - 1) : 0 };
}

export type WelchInterval = { difference: number; standardError: number; df: number | null; critical: number | null; low: number; high: number };

/**
 * Welch's interval for mean(a) − mean(b): unequal variances and unequal sizes, as a small
 * hold-out against a large called group has. Null when a side has fewer than two households.
 * With no spread on either side the difference is exact.
 */
export function welchInterval(a: Sample, b: Sample, confidence = 0.95): WelchInterval | null {
  if (a.n < 2 || b.n < 2) return null;
  const difference = a.mean - b.mean;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se2 = va + vb;
  if (se2 === 0) return { difference, standardError: 0, df: null, critical: null, low: difference, high: difference };
  const df = (se2 * se2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  const critical = studentTCritical(df, confidence);
  const standardError = Math.sqrt(se2);
  return { difference, standardError, df, critical, low: difference - critical * standardError, high: difference + critical * standardError };
}

export type HoldoutImpactInput = {
  /** Each called household's use over the event window, kWh (complete windows only). */
  calledKwh: readonly number[];
  /** Each held-out household's use over the same window, kWh. */
  heldOutKwh: readonly number[];
  /** Every called household, with or without complete readings: the total is per household × these. */
  calledHouseholds: number;
  /** The settled results' summed baseline − actual, kWh: what the baselines say was saved. */
  baselineSavedKwh: number;
};

export type HoldoutImpact = {
  called: Sample;
  heldOut: Sample;
  /** Called − held out, kWh per household: negative when calling them lowered their use. */
  perHousehold: WelchInterval | null;
  /** The saving measured: −(called − held out) × called households, with its interval, kWh. */
  total: { savedKwh: number; low: number; high: number } | null;
  baselineSavedKwh: number;
  /** Baseline − measured saving, kWh: the baselines' bias on the real population (null without a measure). */
  baselineBiasKwh: number | null;
  /** The bias as a share of the measured saving, % (null when that is 0). */
  baselineBiasPercent: number | null;
};

export function holdoutImpact(input: HoldoutImpactInput, confidence = 0.95): HoldoutImpact {
  const called = summarize(input.calledKwh);
  const heldOut = summarize(input.heldOutKwh);
  const perHousehold = welchInterval(called, heldOut, confidence);
  const n = input.calledHouseholds;
  // A lower use is a saving: the saving's interval is the difference's, negated and scaled.
  const total = perHousehold ? { savedKwh: -perHousehold.difference * n, low: -perHousehold.high * n, high: -perHousehold.low * n } : null;
  const baselineBiasKwh = total ? input.baselineSavedKwh - total.savedKwh : null;
  const baselineBiasPercent = total && baselineBiasKwh !== null && total.savedKwh !== 0 ? (baselineBiasKwh / total.savedKwh) * 100 : null;
  return { called, heldOut, perHousehold, total, baselineSavedKwh: input.baselineSavedKwh, baselineBiasKwh, baselineBiasPercent };
}
