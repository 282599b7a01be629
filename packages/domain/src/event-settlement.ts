import type { Adjustment, AdjustmentStatus, Baseline, BaselineUnavailable, DayKind } from './event-baseline';
import type { SlotReadings } from './event-intervals';
import type { EventTerms } from './event-points';
import { DEFAULT_EVENT_TERMS, meetsTarget, minimumCutKwh, paidPercent, pointsFor } from './event-points';
import type { IntervalPoint } from './event-scorecard';
import { compareIntervals } from './event-scorecard';
import type { LocalDate } from './local-time';

/**
 * The final outcome of an event for one household. The caller settles once the event's data is
 * complete or at the deadline, whichever comes first; a late reading within the re-settlement
 * period settles again, and only the difference in points reaches the ledger (ledgerDelta).
 */

/**
 * settled: every interval was in and there was a baseline; insufficient_data: intervals were
 * still missing at settlement; no_baseline: too little history (reason says why). Only
 * 'settled' earns points.
 */
export type SettlementStatus = 'settled' | 'insufficient_data' | 'no_baseline';

export type Settlement = {
  status: SettlementStatus;
  reason: BaselineUnavailable | 'missing_intervals' | null;
  eventDate: LocalDate | null;
  /** What the member is shown: the days the baseline used, its kind and the adjustment. */
  baselineDays: LocalDate[];
  dayKind: DayKind | null;
  /** additive (decision 101), decision 029's ratio (a baseline frozen under it), a comparison group's change, or none (a battery home, decision 138). */
  adjustmentMethod: Adjustment['method'] | null;
  /** How long before the start the window ended, minutes (60 or 120, decision 138); null without a window's adjustment. */
  adjustmentWindowGapMinutes: number | null;
  /** comparison: how many of the group's homes its change was read from. */
  adjustmentPeers: number | null;
  adjustmentFactor: number | null;
  adjustmentUnclamped: number | null;
  adjustmentStatus: AdjustmentStatus | null;
  intervals: IntervalPoint[];
  missingSlots: string[];
  /** Totals over the intervals that were in (all of them when settled). */
  baselineKwh: number;
  actualKwh: number;
  reductionKwh: number;
  reductionPercent: number | null;
  targetMet: boolean;
  points: number;
  /** The least cut that earns points over the intervals scored, kWh (decision 148); 0 without a baseline. */
  minimumCutKwh: number;
  terms: EventTerms;
};

/** Deterministic: the same baseline, readings and terms always give an equal Settlement. */
export function settleEvent(baseline: Baseline, actual: SlotReadings | undefined, terms: EventTerms = DEFAULT_EVENT_TERMS): Settlement {
  if (!baseline.ok) {
    return {
      status: 'no_baseline',
      reason: baseline.reason,
      eventDate: baseline.eventDate,
      baselineDays: baseline.days,
      dayKind: null,
      adjustmentMethod: null,
      adjustmentWindowGapMinutes: null,
      adjustmentPeers: null,
      adjustmentFactor: null,
      adjustmentUnclamped: null,
      adjustmentStatus: null,
      intervals: [],
      missingSlots: [],
      baselineKwh: 0,
      actualKwh: 0,
      reductionKwh: 0,
      reductionPercent: null,
      targetMet: false,
      points: 0,
      minimumCutKwh: 0,
      terms,
    };
  }
  const comparison = compareIntervals(baseline, actual);
  // A partial event is not scored: the missing slots could hold the cut or undo it.
  const complete = comparison.missingSlots.length === 0;
  const percent = paidPercent(comparison.baselineKwh, comparison.actualKwh, comparison.intervalsTotal);
  return {
    status: complete ? 'settled' : 'insufficient_data',
    reason: complete ? null : 'missing_intervals',
    eventDate: baseline.eventDate,
    baselineDays: baseline.days,
    dayKind: baseline.kind,
    adjustmentMethod: baseline.adjustment.method,
    adjustmentWindowGapMinutes: baseline.adjustment.windowGapMinutes ?? null,
    adjustmentPeers: baseline.adjustment.peers ?? null,
    adjustmentFactor: baseline.adjustment.factor,
    adjustmentUnclamped: baseline.adjustment.unclamped,
    adjustmentStatus: baseline.adjustment.status,
    intervals: comparison.intervals,
    missingSlots: comparison.missingSlots,
    baselineKwh: comparison.baselineKwh,
    actualKwh: comparison.actualKwh,
    reductionKwh: comparison.reductionKwh,
    reductionPercent: comparison.reductionPercent,
    targetMet: complete && meetsTarget(percent, terms.targetPercent),
    points: complete ? pointsFor(percent, terms) : 0,
    minimumCutKwh: minimumCutKwh(comparison.intervalsTotal),
    terms,
  };
}

/**
 * Points to move on re-settlement: the new outcome minus what was already credited (nothing
 * when there was no earlier settlement). Negative takes points back.
 */
export function ledgerDelta(previous: Pick<Settlement, 'points'> | null, next: Pick<Settlement, 'points'>): number {
  return next.points - (previous?.points ?? 0);
}
