import type { Baseline, BaselineUnavailable } from './event-baseline';
import type { SlotReadings } from './event-intervals';
import type { EventTerms } from './event-points';
import { kwhTopUp } from './event-kwh-points';
import { DEFAULT_EVENT_TERMS, meetsTarget, paidPercent, pointsFor, reductionPercent } from './event-points';
import type { LocalDate } from './local-time';

/** One event slot: the baseline and what was used (null while it is not in). */
export type IntervalPoint = { slot: string; baselineKwh: number; actualKwh: number | null };

export type Comparison = {
  intervals: IntervalPoint[];
  intervalsIn: number;
  intervalsTotal: number;
  /** Slots with no reading yet, in time order. */
  missingSlots: string[];
  /** Baseline over the slots that are in, so it compares like with like (on a scorecard, those the event pays). */
  baselineKwh: number;
  actualKwh: number;
  /** Baseline − actual over the slots that are in; negative when the household used more. */
  reductionKwh: number;
  reductionPercent: number | null;
};

/** Baseline against actual slot by slot, summed in slot order (so the same inputs give the same floats). */
export function compareIntervals(baseline: Extract<Baseline, { ok: true }>, actual: SlotReadings | undefined): Comparison {
  const intervals: IntervalPoint[] = [];
  const missingSlots: string[] = [];
  let baselineKwh = 0;
  let actualKwh = 0;
  for (const slot of baseline.slots) {
    const expected = baseline.kwhBySlot[slot] ?? 0;
    const used = actual?.[slot];
    if (used === undefined || !Number.isFinite(used)) {
      intervals.push({ slot, baselineKwh: expected, actualKwh: null });
      missingSlots.push(slot);
      continue;
    }
    intervals.push({ slot, baselineKwh: expected, actualKwh: used });
    baselineKwh += expected;
    actualKwh += used;
  }
  return {
    intervals,
    intervalsIn: intervals.length - missingSlots.length,
    intervalsTotal: intervals.length,
    missingSlots,
    baselineKwh,
    actualKwh,
    reductionKwh: baselineKwh - actualKwh,
    reductionPercent: reductionPercent(baselineKwh, actualKwh),
  };
}

export type Scorecard =
  | { provisional: true; status: 'no_baseline'; reason: BaselineUnavailable; baselineDays: LocalDate[] }
  | (Comparison & {
      provisional: true;
      status: 'live';
      baselineDays: LocalDate[];
      adjustmentFactor: number;
      /** The whole event's baseline, for "so far / expected" displays. */
      eventBaselineKwh: number;
      targetMet: boolean;
      /**
       * Points if the household keeps its cut so far for the rest of the event: the cut is a
       * percentage of the baseline of the slots that are in, so it projects unchanged onto the
       * curve; the per-kWh part (decision 113) is paid on the kWh beyond the target that the same
       * cut saves over the whole event's baseline. Zero until the first interval is in.
       */
      pointsOnTrack: number;
      /** The per-kWh part of `pointsOnTrack`. */
      kwhPointsOnTrack: number;
    });

/**
 * The live, provisional scorecard while an event runs: each new reading moves it. Provisional
 * because readings can still arrive late and only settlement awards points.
 */
export function eventScorecard(
  baseline: Baseline,
  actual: SlotReadings | undefined,
  terms: EventTerms = DEFAULT_EVENT_TERMS,
  pointsPerKwh = 0,
  cededSlots: ReadonlySet<string> = NO_SLOTS,
): Scorecard {
  if (!baseline.ok) return { provisional: true, status: 'no_baseline', reason: baseline.reason, baselineDays: baseline.days };
  const comparison = compareIntervals(baseline, actual);
  // One kWh is paid once (decision 108): the intervals another event of the household pays are
  // left out of the figures the points come from, and the reward shrinks in proportion, as
  // settlement scores them (scoreOwnIntervals). The chart keeps every interval.
  const paidSlots = cededSlots.size === 0 ? baseline.slots : baseline.slots.filter((slot) => !cededSlots.has(slot));
  const paid = paidSlots === baseline.slots ? comparison : compareIntervals({ ...baseline, slots: paidSlots }, actual);
  const share = paidSlots === baseline.slots ? undefined : { paid: paidSlots.length, of: baseline.slots.length };
  let eventBaselineKwh = 0;
  for (const slot of paidSlots) eventBaselineKwh += baseline.kwhBySlot[slot] ?? 0;
  // The least cut scales with the intervals in, as the cut so far projects onto the whole event.
  const paying = paidPercent(paid.baselineKwh, paid.actualKwh, paid.intervalsIn);
  const curve = pointsFor(paying, terms, share);
  // The use the whole event would see at the same cut; once every interval is in, the use itself,
  // so the last figure is what settlement pays.
  const allIn = paid.intervalsIn === paid.intervalsTotal;
  const projectedActualKwh = allIn || !(paid.baselineKwh > 0) ? paid.actualKwh : (eventBaselineKwh * paid.actualKwh) / paid.baselineKwh;
  const topUp = kwhTopUp(curve, allIn ? paid.baselineKwh : eventBaselineKwh, projectedActualKwh, terms.targetPercent, pointsPerKwh);
  return {
    ...comparison,
    baselineKwh: paid.baselineKwh,
    actualKwh: paid.actualKwh,
    reductionKwh: paid.reductionKwh,
    reductionPercent: paid.reductionPercent,
    provisional: true,
    status: 'live',
    baselineDays: baseline.days,
    adjustmentFactor: baseline.adjustment.factor,
    eventBaselineKwh,
    targetMet: meetsTarget(paying, terms.targetPercent),
    pointsOnTrack: curve + topUp.kwhPoints,
    kwhPointsOnTrack: topUp.kwhPoints,
  };
}

const NO_SLOTS: ReadonlySet<string> = new Set();

/** kWh in one 5-minute interval as average kW over it. */
export const kwOfInterval = (kwh: number) => kwh * 12;

/** One elapsed interval of a live event, in average kW (what a power chart shows). */
export type LiveInterval = { slot: string; startMs: number; baselineKw: number; actualKw: number | null };

/**
 * The scorecard's intervals that have begun by `nowMs`, with their start instants, in kW. The
 * event's slots are consecutive 5-minute intervals from its start (on a DST night too: a slot is
 * a real interval, only its key is a clock time), so the n-th starts n × 5 minutes after it.
 */
export function elapsedIntervals(scorecard: Extract<Scorecard, { status: 'live' }>, eventStartMs: number, nowMs: number): LiveInterval[] {
  const firstMs = Math.floor(eventStartMs / 300_000) * 300_000;
  const out: LiveInterval[] = [];
  scorecard.intervals.forEach((interval, i) => {
    const startMs = firstMs + i * 300_000;
    if (startMs >= nowMs) return;
    out.push({ slot: interval.slot, startMs, baselineKw: kwOfInterval(interval.baselineKwh), actualKw: interval.actualKwh === null ? null : kwOfInterval(interval.actualKwh) });
  });
  return out;
}
