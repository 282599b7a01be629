import { INTERVAL_HOURS } from './time-constants';

/**
 * Points for an Energy Saving Event (docs/decisions/029-event-baseline-and-points.md).
 *
 * With target t (% below baseline) and reduction r (% of baseline kWh saved over the event):
 *   r < t        → 0 (no partial credit: the event asks for the target, and a cut below it is
 *                   within the noise of a baseline)
 *   t ≤ r ≤ 3t   → reward × (1 + (r − t) ÷ 2t), i.e. 1× at the target, 2× at three times it
 *   r > 3t       → reward × 2
 * floored to a whole point, so rounding never awards a point the household did not earn.
 * A cut also has to be at least MIN_CUT_KWH_PER_HOUR over the intervals scored (decision 148):
 * `paidPercent` is the percent the curve is read at.
 */

export const DEFAULT_TARGET_REDUCTION_PERCENT = 10;
export const DEFAULT_EVENT_REWARD_POINTS = 100;
export const MAX_REWARD_MULTIPLIER = 2;
/** The cut, in targets, at which the multiplier reaches its maximum. */
export const MAX_MULTIPLIER_AT_TARGETS = 3;

export type EventTerms = { targetPercent: number; rewardPoints: number };

export const DEFAULT_EVENT_TERMS: EventTerms = {
  targetPercent: DEFAULT_TARGET_REDUCTION_PERCENT,
  rewardPoints: DEFAULT_EVENT_REWARD_POINTS,
};

/**
 * Rounded to a millionth so float noise (a 10 % cut computing as 9.999999999999998 %) never
 * costs a household its reward, and re-running settlement cannot flip the outcome.
 */
export function settle(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Percent of the baseline saved; null when there is no positive baseline to compare with. */
export function reductionPercent(baselineKwh: number, actualKwh: number): number | null {
  if (!(baselineKwh > 0) || !Number.isFinite(actualKwh)) return null;
  return ((baselineKwh - actualKwh) / baselineKwh) * 100;
}

/**
 * The least cut that earns points, kWh an hour (docs/decisions/148-a-least-cut-in-kwh.md): a share
 * of a draw of a few watt-hours (a battery covering the evening, panels on a summer afternoon) is
 * no saving the grid feels and none a baseline can tell from the home's ordinary swing.
 */
export const MIN_CUT_KWH_PER_HOUR = 0.05;

/** The least cut over `intervals` 5-minute intervals, kWh (to the millionth, as `settle`). */
export function minimumCutKwh(intervals: number): number {
  return settle(MIN_CUT_KWH_PER_HOUR * intervals * INTERVAL_HOURS);
}

/** Whether a cut of `reductionKwh` over `intervals` intervals is at least the least cut that earns points. */
export function meetsMinimumCut(reductionKwh: number, intervals: number): boolean {
  return Number.isFinite(reductionKwh) && settle(reductionKwh) >= minimumCutKwh(intervals);
}

/**
 * The percent the curve is read at: the cut's percent of the baseline, or null (no points) when
 * the cut in kWh is under the least cut over the `intervals` intervals scored.
 */
export function paidPercent(baselineKwh: number, actualKwh: number, intervals: number): number | null {
  const percent = reductionPercent(baselineKwh, actualKwh);
  return percent !== null && meetsMinimumCut(baselineKwh - actualKwh, intervals) ? percent : null;
}

/** Whether a baseline is under the least cut: no use of the home's can earn points (decision 148). */
export function belowMinimumCut(baselineKwh: number, minimumCut: number): boolean {
  return baselineKwh < minimumCut;
}

/** Whether the least cut, not the target's percent, sets the most a home can use (decision 148). */
export function minimumCutSetsTarget(baselineKwh: number, targetPercent: number, minimumCut: number): boolean {
  return minimumCut > (baselineKwh * targetPercent) / 100;
}

export function meetsTarget(percent: number | null, targetPercent = DEFAULT_TARGET_REDUCTION_PERCENT): boolean {
  if (percent === null || !Number.isFinite(percent) || !(targetPercent > 0)) return false;
  return settle(percent) >= targetPercent;
}

/** The reward multiplier for a cut: 0 below the target, 1 at it, rising linearly to 2. */
export function rewardMultiplier(percent: number | null, targetPercent = DEFAULT_TARGET_REDUCTION_PERCENT): number {
  if (percent === null || !meetsTarget(percent, targetPercent)) return 0;
  const span = (MAX_MULTIPLIER_AT_TARGETS - 1) * targetPercent;
  return Math.min(MAX_REWARD_MULTIPLIER, 1 + (settle(percent) - targetPercent) / span);
}

/**
 * `share`: the part of the event paid, `paid` of `of` intervals (decision 108, event-stacked-points.ts);
 * the reward per event shrinks in proportion. Without it, the whole reward.
 */
export function pointsFor(percent: number | null, terms: EventTerms = DEFAULT_EVENT_TERMS, share?: { paid: number; of: number }): number {
  const whole = Math.max(0, Math.floor(terms.rewardPoints));
  const reward = share ? (whole * share.paid) / share.of : whole;
  return Math.max(0, Math.floor(settle(reward * rewardMultiplier(percent, terms.targetPercent))));
}
