import { meetsTarget, minimumCutKwh, paidPercent, pointsFor, reductionPercent } from './event-points';
import type { Settlement } from './event-settlement';
import { INTERVAL_MS } from './time-constants';

/** A settlement scored on the intervals the event pays, with the slots another event pays (absent or empty: none). */
export type StackedSettlement = Settlement & { cededSlots?: string[] };

/**
 * One kWh is paid once (docs/decisions/108-stacking-and-one-kwh-paid-once.md): an event whose
 * household shares intervals with an event that pays them is scored on the rest. The cut is the
 * reduction over the intervals it pays, and the reward per event shrinks in proportion to them
 * (an event left one interval of twenty-four does not pay a whole event's reward for it):
 *   points = ⌊reward × paid ÷ all × multiplier(cut over the paid intervals)⌋.
 * `cededStartsMs` are the start instants of the ceded intervals; the n-th interval of the event
 * starts n × 5 minutes after its first (a slot is a real interval on a DST night too).
 * Without ceded intervals, or before the event is settled, the settlement is returned unchanged.
 */
/** The event's slots that start at the ceded instants: the n-th slot starts n × 5 minutes after the first. */
export function cededSlotsOf(slots: readonly string[], eventStartMs: number, cededStartsMs: ReadonlySet<number>): Set<string> {
  const firstMs = Math.floor(eventStartMs / INTERVAL_MS) * INTERVAL_MS;
  return new Set(slots.filter((_, i) => cededStartsMs.has(firstMs + i * INTERVAL_MS)));
}

export function scoreOwnIntervals(settlement: Settlement, eventStartMs: number, cededStartsMs: ReadonlySet<number>): StackedSettlement {
  if (settlement.status !== 'settled' || cededStartsMs.size === 0) return { ...settlement, cededSlots: [] };
  const firstMs = Math.floor(eventStartMs / INTERVAL_MS) * INTERVAL_MS;
  const cededSlots: string[] = [];
  let baselineKwh = 0;
  let actualKwh = 0;
  let paid = 0;
  settlement.intervals.forEach((interval, i) => {
    if (cededStartsMs.has(firstMs + i * INTERVAL_MS)) {
      cededSlots.push(interval.slot);
      return;
    }
    paid += 1;
    baselineKwh += interval.baselineKwh;
    actualKwh += interval.actualKwh ?? 0;
  });
  const total = settlement.intervals.length;
  const percent = reductionPercent(baselineKwh, actualKwh);
  const paying = paidPercent(baselineKwh, actualKwh, paid);
  const points = total === 0 ? 0 : pointsFor(paying, settlement.terms, { paid, of: total });
  return {
    ...settlement,
    baselineKwh,
    actualKwh,
    reductionKwh: baselineKwh - actualKwh,
    reductionPercent: percent,
    targetMet: meetsTarget(paying, settlement.terms.targetPercent),
    points,
    minimumCutKwh: minimumCutKwh(paid),
    cededSlots,
  };
}

/**
 * σ of a home's kWh over the intervals an event pays, from σ over its whole window (`noiseKwh`), for
 * the held-until-proven test (decision 140): an event that cedes intervals to another (decision 108)
 * tests a saving over fewer intervals, whose day-to-day swing is smaller than the window's. Over k of
 * m intervals whose swings are equally correlated with correlation ρ ≥ 0, the variance is
 * k(1 + (k − 1)ρ) ÷ m(1 + (m − 1)ρ) of the window's: (k ÷ m)² when they move together, k ÷ m when
 * they are independent, and never more than k ÷ m between. So σ √(k ÷ m), the largest it can be: the
 * test is not made easier to pass than the home's days support, nor held to the whole window's swing.
 * Unchanged without ceded intervals; null stays null (the fallback share of the baseline, which is
 * already the paid intervals', stands in).
 */
export function paidIntervalsNoiseKwh(noiseKwh: number | null, settlement: StackedSettlement): number | null {
  const ceded = settlement.cededSlots?.length ?? 0;
  const total = settlement.intervals.length;
  if (noiseKwh === null || ceded === 0 || total === 0) return noiseKwh;
  return noiseKwh * Math.sqrt((total - ceded) / total);
}
