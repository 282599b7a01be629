import { settle } from './event-points';
import type { Settlement } from './event-settlement';

/**
 * A program's points per kWh saved beyond the target (docs/decisions/113-per-kwh-pay-notice-and-moves.md),
 * paid on top of the event's reward curve (decision 029):
 *   kWh beyond = (baseline − actual) − target % × baseline, over the intervals the event pays;
 *   points     = ⌊points per kWh × kWh beyond⌋, never negative.
 * Floored, as the curve is, so rounding never pays a point the home did not earn; the product is
 * rounded to a millionth first so float noise (0.3 kWh × 10 computing as 2.9999999999999996)
 * never costs a point or flips on a re-run.
 * It tops up a reward the home earned: a settlement whose curve paid nothing (below the target,
 * or any other rule that withholds the reward) pays nothing per kWh either.
 */

export type KwhPoints = { pointsPerKwh: number; kwhBeyondTarget: number; kwhPoints: number };

/** kWh saved beyond the target's share of the baseline; 0 at or below the target, or with no positive baseline. */
export function kwhBeyondTarget(baselineKwh: number, actualKwh: number, targetPercent: number): number {
  if (!(baselineKwh > 0) || !Number.isFinite(actualKwh)) return 0;
  return Math.max(0, settle(baselineKwh - actualKwh - (baselineKwh * targetPercent) / 100));
}

export function pointsForKwh(kwh: number, pointsPerKwh: number): number {
  if (!(kwh > 0) || !(pointsPerKwh > 0)) return 0;
  return Math.floor(settle(kwh * Math.floor(pointsPerKwh)));
}

/**
 * The per-kWh part on top of a curve's `curvePoints`, over the totals given: nothing when the
 * curve paid nothing. The one copy of the rule: settlement reads it through `withKwhPoints`, the
 * live scorecard for its points on track.
 */
export function kwhTopUp(curvePoints: number, baselineKwh: number, actualKwh: number, targetPercent: number, pointsPerKwh: number): KwhPoints {
  const kwh = curvePoints > 0 ? kwhBeyondTarget(baselineKwh, actualKwh, targetPercent) : 0;
  return { pointsPerKwh, kwhBeyondTarget: kwh, kwhPoints: pointsForKwh(kwh, pointsPerKwh) };
}

/**
 * The settlement with its per-kWh points added to `points`. Composed after the curve (and after
 * stacking has scored the intervals the event pays), so its totals are the ones it reads: a
 * shared interval another event pays is in neither the baseline nor the actual, and its kWh is
 * paid once, by that event.
 */
export function withKwhPoints<S extends Settlement>(settlement: S, pointsPerKwh: number): S & KwhPoints {
  const topUp =
    settlement.status === 'settled'
      ? kwhTopUp(settlement.points, settlement.baselineKwh, settlement.actualKwh, settlement.terms.targetPercent, pointsPerKwh)
      : { pointsPerKwh, kwhBeyondTarget: 0, kwhPoints: 0 };
  return { ...settlement, points: settlement.points + topUp.kwhPoints, ...topUp };
}
