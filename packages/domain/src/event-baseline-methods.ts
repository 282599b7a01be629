import { baselineDays, MIN_BASELINE_WEEKDAYS, MIN_BASELINE_WEEKEND_DAYS } from './event-baseline';
import type { DayReadings } from './event-intervals';
import { clockOf, readingAt } from './event-intervals';
import type { LocalDate } from './local-time';

/**
 * Candidate baselines measured against ground truth by the baseline harness (bench/, decision
 * docs/decisions/096-event-baseline-by-measurement.md). Each gives the kWh the household would have
 * used over the event's slots had there been no event. Today's rule stays `computeBaseline`
 * (event-baseline.ts); these share its day selection (same kind, 45/60-day look-back, event days
 * and holidays out, every needed slot present) so they differ only where they mean to.
 */

export type MethodInput = {
  eventDate: LocalDate;
  /** The event's slot keys on the event day, in time order. */
  eventSlots: readonly string[];
  /** The same-day adjustment window's slot keys on the event day; empty when a method has none. */
  windowSlots: readonly string[];
  readings: DayReadings;
  /** Dates of the area's other events: their use was cut, so they are not typical. */
  eventDates: Iterable<LocalDate>;
  holidays: Iterable<LocalDate>;
};

export type MethodResult =
  | { ok: true; kwh: number; days: LocalDate[] }
  | { ok: false; reason: 'insufficient_history'; days: LocalDate[] };

export type AdjustmentKind = 'none' | 'multiplicative' | 'additive';

export type AveragingMethod = {
  /** How many of the eligible days are averaged (at most 10 weekdays, or 4 weekend days). */
  keep: number;
  /** recent: the most recent eligible days; highest: those with the most use over the event's slots. */
  pick: 'recent' | 'highest';
  adjustment: AdjustmentKind;
  /**
   * Most the adjustment may move the baseline, as a share of it: 0.2 keeps a factor within
   * 0.8–1.2, or an added amount within ±20 % of the unadjusted baseline. Infinity: no cap.
   */
  cap: number;
};

/** kWh over the slots' clock times on one day, or null when any is missing. */
export function slotsKwh(readings: DayReadings, date: LocalDate, slots: readonly string[]): number | null {
  let sum = 0;
  for (const slot of slots) {
    const kwh = readingAt(readings, date, clockOf(slot));
    if (kwh === undefined || !Number.isFinite(kwh)) return null;
    sum += kwh;
  }
  return sum;
}

/**
 * The event day's window use per slot, over the slots that are in; null with fewer than half in
 * (the rule today's adjustment follows, decision 029).
 */
function eventDayWindowPerSlot(input: MethodInput): number | null {
  const day = input.readings.get(input.eventDate);
  let sum = 0;
  let present = 0;
  for (const slot of input.windowSlots) {
    const kwh = day?.[slot];
    if (kwh === undefined || !Number.isFinite(kwh)) continue;
    sum += kwh;
    present++;
  }
  return present === 0 || present * 2 < input.windowSlots.length ? null : sum / present;
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Eligible days for the event (and the window, when the method adjusts), most recent first. */
export function eligibleDays(input: MethodInput, withWindow: boolean): { days: LocalDate[]; minimum: number } {
  const needed = withWindow ? [...input.eventSlots, ...input.windowSlots] : input.eventSlots;
  const { kind, days } = baselineDays({ ...input, neededClocks: [...new Set(needed.map(clockOf))] });
  return { days, minimum: kind === 'weekday' ? MIN_BASELINE_WEEKDAYS : MIN_BASELINE_WEEKEND_DAYS };
}

/**
 * An average of past days, optionally adjusted by how the event day ran before the event: today's
 * rule is { keep: 10, pick: 'recent', adjustment: 'multiplicative', cap: 0.2 } with the 3-hour
 * window ending an hour before the start; "high 5 of 10" is { keep: 5, pick: 'highest' }.
 */
export function averagingBaseline(input: MethodInput, method: AveragingMethod): MethodResult {
  const adjusts = method.adjustment !== 'none' && input.windowSlots.length > 0;
  const { days: eligible, minimum } = eligibleDays(input, adjusts);
  if (eligible.length < minimum) return { ok: false, reason: 'insufficient_history', days: eligible };
  const totals = eligible.map((date) => ({ date, kwh: slotsKwh(input.readings, date, input.eventSlots) ?? 0 }));
  // Ties go to the more recent day, so the choice never depends on anything but the readings.
  const chosen = method.pick === 'highest' ? [...totals].sort((a, b) => b.kwh - a.kwh || (a.date < b.date ? 1 : -1)) : totals;
  const kept = chosen.slice(0, Math.max(1, Math.min(method.keep, chosen.length)));
  const days = kept.map((d) => d.date);
  // Date order, so the float sum does not depend on how the days were picked.
  const unadjusted = mean([...kept].sort((a, b) => (a.date < b.date ? -1 : 1)).map((d) => d.kwh));
  const today = adjusts ? eventDayWindowPerSlot(input) : null;
  if (today === null) return { ok: true, kwh: unadjusted, days };
  const typical = mean([...days].sort().map((date) => slotsKwh(input.readings, date, input.windowSlots) ?? 0)) / input.windowSlots.length;
  if (method.adjustment === 'multiplicative') {
    if (!(typical > 0)) return { ok: true, kwh: unadjusted, days };
    const factor = Math.min(1 + method.cap, Math.max(1 - method.cap, today / typical));
    return { ok: true, kwh: unadjusted * factor, days };
  }
  const raw = (today - typical) * input.eventSlots.length;
  const limit = method.cap * unadjusted;
  const shift = Number.isFinite(method.cap) ? Math.min(limit, Math.max(-limit, raw)) : raw;
  return { ok: true, kwh: Math.max(0, unadjusted + shift), days };
}
