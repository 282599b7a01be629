import { slotsKwh } from './event-baseline-methods';
import type { DayReadings } from './event-intervals';
import { DEFAULT_EVENT_REWARD_POINTS, pointsFor, reductionPercent } from './event-points';
import type { LocalDate } from './local-time';

/**
 * Points rules measured by the baseline harness (docs/decisions/102-points-rule-by-measurement.md).
 * Today's rule is `pointsFor` with a 10 % target (decision 029). The candidates here keep its
 * curve (1× the reward at the target, 2× at three times it) and differ in what counts as a cut:
 *
 * - target: a different target, the same curve;
 * - noise_band: only the part of the saving above k × the home's own day-to-day noise over the
 *   event window counts, and the curve's target applies to that part;
 * - confidence: the whole cut counts, but only once the saving exceeds z × the noise (a one-sided
 *   test that the cut is not the home's ordinary swing);
 * - min_kwh: the whole cut counts, but only once the saving is at least a fixed number of kWh.
 *
 * A home with too few past days to measure its noise has a band of `fallbackShare` × its baseline.
 */

export type PointsRule =
  | { kind: 'target'; targetPercent: number }
  | { kind: 'noise_band'; targetPercent: number; k: number; fallbackShare: number }
  | { kind: 'confidence'; targetPercent: number; z: number; fallbackShare: number }
  | { kind: 'min_kwh'; targetPercent: number; minKwh: number };

export type PointsRuleInput = {
  baselineKwh: number;
  actualKwh: number;
  /** Standard deviation of the home's use over the event's clock times on its past days; null when unknown. */
  noiseKwh: number | null;
};

/** Fewer past days than this and a standard deviation says little: the rule's fallback band applies. */
export const MIN_NOISE_DAYS = 3;

/**
 * Sample standard deviation of the home's kWh over the event window on its past days (the days
 * its baseline is drawn from). Null with fewer than MIN_NOISE_DAYS days or any non-finite value.
 */
export function eventWindowNoiseKwh(dayTotalsKwh: readonly number[]): number | null {
  if (dayTotalsKwh.length < MIN_NOISE_DAYS || dayTotalsKwh.some((v) => !Number.isFinite(v))) return null;
  // Sorted, so the float result does not depend on the order the days were read in.
  const values = [...dayTotalsKwh].sort((a, b) => a - b);
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / values.length;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * σ of a baseline's own days (decision 140): `eventWindowNoiseKwh` over each day's kWh across the
 * event's slots, read from the quantity the baseline averages (grid draw, or gross load for a
 * gross-load row). Null when a day lacks a slot or there are too few days: the rule's fallback then.
 */
export function baselineNoiseKwh(days: readonly LocalDate[], slots: readonly string[], readings: DayReadings): number | null {
  return eventWindowNoiseKwh(days.map((date) => slotsKwh(readings, date, slots) ?? Number.NaN));
}

function band(input: PointsRuleInput, multiple: number, fallbackShare: number): number {
  const noise = input.noiseKwh !== null && Number.isFinite(input.noiseKwh) && input.noiseKwh >= 0 ? input.noiseKwh : fallbackShare * input.baselineKwh;
  return multiple * noise;
}

/** Points a cut earns under a rule; 0 with no positive baseline, never negative, whole points. */
export function pointsUnderRule(rule: PointsRule, input: PointsRuleInput, rewardPoints = DEFAULT_EVENT_REWARD_POINTS): number {
  const { baselineKwh, actualKwh } = input;
  const percent = reductionPercent(baselineKwh, actualKwh);
  if (percent === null) return 0;
  const terms = { targetPercent: rule.targetPercent, rewardPoints };
  const savedKwh = baselineKwh - actualKwh;
  switch (rule.kind) {
    case 'target':
      return pointsFor(percent, terms);
    case 'noise_band': {
      const above = savedKwh - band(input, rule.k, rule.fallbackShare);
      return above > 0 ? pointsFor((above / baselineKwh) * 100, terms) : 0;
    }
    case 'confidence':
      return savedKwh > band(input, rule.z, rule.fallbackShare) ? pointsFor(percent, terms) : 0;
    case 'min_kwh':
      return savedKwh >= rule.minKwh ? pointsFor(percent, terms) : 0;
  }
}

export function describeRule(rule: PointsRule): string {
  switch (rule.kind) {
    case 'target':
      return `target ${rule.targetPercent} %`;
    case 'noise_band':
      return `cut above ${rule.k} σ, target ${rule.targetPercent} %`;
    case 'confidence':
      return `target ${rule.targetPercent} % once the saving > ${rule.z} σ`;
    case 'min_kwh':
      return `target ${rule.targetPercent} % once the saving ≥ ${rule.minKwh} kWh`;
  }
}
