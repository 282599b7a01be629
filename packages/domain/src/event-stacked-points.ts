import { meetsTarget, pointsFor, reductionPercent } from './event-points';
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
  const points = total === 0 ? 0 : pointsFor(percent, settlement.terms, { paid, of: total });
  return {
    ...settlement,
    baselineKwh,
    actualKwh,
    reductionKwh: baselineKwh - actualKwh,
    reductionPercent: percent,
    targetMet: meetsTarget(percent, settlement.terms.targetPercent),
    points,
    cededSlots,
  };
}
