import type { LocalDate } from './local-time';
import { isWeekend, localParts } from './local-time';

/**
 * Energy Saving Events: what the household would have used (baseline), what it saved, and the
 * points earned (docs/product/domain-rules.md#energy-saving-events). Pure and deterministic, so settling an event
 * twice gives the same result.
 *
 * Readings are keyed by slot, the local clock time an interval starts ("18:05"), so "the same
 * interval" on another day is the same wall-clock time, whatever the UTC offset that day.
 */

/** kWh per slot ("HH:MM", local start time). A missing slot is missing data, not zero. */
export type SlotReadings = Readonly<Record<string, number>>;

export type HistoryDay = { date: LocalDate; readings: SlotReadings };

export const BASELINE_WEEKDAYS = 10;
export const BASELINE_WEEKEND_DAYS = 4;
export const ADJUSTMENT_CLAMP = 0.2; // ±20 %
export const DEFAULT_TARGET_REDUCTION_PERCENT = 10;
export const DEFAULT_EVENT_REWARD_POINTS = 100;
export const MAX_REWARD_MULTIPLIER = 2;

/** The slot key of an instant in a time zone, e.g. "18:05". */
export function slotOf(instant: Date, timeZone: string): string {
  const { hour, minute } = localParts(instant, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Slots from `from` (included) to `to` (excluded), every `stepMinutes`, e.g. ("18:00", "19:00"). */
export function slotsBetween(from: string, to: string, stepMinutes = 5): string[] {
  const minutes = (slot: string) => {
    const [h, m] = slot.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  const slots: string[] = [];
  for (let t = minutes(from); t < minutes(to); t += stepMinutes) {
    slots.push(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
  }
  return slots;
}

/**
 * The days the baseline averages: the last 10 weekdays before the event that were neither event
 * days nor holidays, or for an event on a weekend or holiday the last 4 such days that were not
 * event days (holidays behave like weekends, as in Ontario's TOU calendar). Days without any
 * reading are skipped, so an outage does not pull the baseline toward zero. Most recent first.
 */
export function baselineDays(
  eventDate: LocalDate,
  history: readonly HistoryDay[],
  pastEventDates: readonly LocalDate[],
  holidays: readonly LocalDate[],
): HistoryDay[] {
  const events = new Set(pastEventDates);
  const holidaySet = new Set(holidays);
  const weekendLike = (date: LocalDate) => isWeekend(date) || holidaySet.has(date);
  const wantWeekend = weekendLike(eventDate);
  const count = wantWeekend ? BASELINE_WEEKEND_DAYS : BASELINE_WEEKDAYS;
  return [...history]
    .filter((day) => day.date < eventDate && !events.has(day.date) && weekendLike(day.date) === wantWeekend)
    .filter((day) => Object.values(day.readings).some(Number.isFinite))
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, count);
}

/** Mean of each slot over the days that have it; `null` where no day has a reading. */
export function meanBySlot(days: readonly HistoryDay[], slots: readonly string[]): Record<string, number | null> {
  const result: Record<string, number | null> = {};
  for (const slot of slots) {
    const values = days.map((day) => day.readings[slot]).filter((v): v is number => v !== undefined && Number.isFinite(v));
    result[slot] = values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
  }
  return result;
}

export type BaselineInput = {
  eventDate: LocalDate;
  eventSlots: readonly string[];
  /**
   * Slots before the event that set the same-day adjustment. The server uses the three hours
   * ending one hour before the start: the hour just before is left out so pre-cooling or
   * pre-heating for the event does not inflate the baseline.
   */
  adjustmentSlots: readonly string[];
  /** Actual readings on the event day (the adjustment window at least). */
  eventDayReadings: SlotReadings;
  history: readonly HistoryDay[];
  pastEventDates: readonly LocalDate[];
  holidays: readonly LocalDate[];
};

export type Baseline = {
  days: LocalDate[];
  /** Actual ÷ typical use in the adjustment window, before clamping; null if not computable. */
  unclampedAdjustment: number | null;
  /** Applied factor, within 1 ± 20 %; 1 when the window has no usable data. */
  adjustment: number;
  /** Adjusted baseline per event slot, kWh; null where history has no reading. */
  kwhBySlot: Record<string, number | null>;
};

export function computeBaseline(input: BaselineInput): Baseline {
  const days = baselineDays(input.eventDate, input.history, input.pastEventDates, input.holidays);
  const typicalWindow = meanBySlot(days, input.adjustmentSlots);
  // Compare only slots present on both sides, so a gap in today's data does not read as a dip.
  let typical = 0;
  let actual = 0;
  for (const slot of input.adjustmentSlots) {
    const t = typicalWindow[slot];
    const a = input.eventDayReadings[slot];
    if (t === null || t === undefined || a === undefined || !Number.isFinite(a)) continue;
    typical += t;
    actual += a;
  }
  const unclampedAdjustment = typical > 0 ? actual / typical : null;
  const adjustment =
    unclampedAdjustment === null
      ? 1
      : Math.min(1 + ADJUSTMENT_CLAMP, Math.max(1 - ADJUSTMENT_CLAMP, unclampedAdjustment));
  const raw = meanBySlot(days, input.eventSlots);
  const kwhBySlot: Record<string, number | null> = {};
  for (const slot of input.eventSlots) {
    const value = raw[slot];
    kwhBySlot[slot] = value === null || value === undefined ? null : value * adjustment;
  }
  return { days: days.map((d) => d.date), unclampedAdjustment, adjustment, kwhBySlot };
}

export type EventOutcome = {
  baselineKwh: number;
  actualKwh: number;
  /** Baseline − actual over the slots with both; negative when the household used more. */
  reductionKwh: number;
  reductionPercent: number | null;
  slotsCompared: number;
  targetMet: boolean;
  points: number;
};

/**
 * Points for an event. Below the target: 0. At the target (default 10 % below baseline): the
 * event's reward (default 100). Beyond it the reward grows linearly with the cut, reaching 2×
 * at twice the target (20 % by default) and staying there:
 *   multiplier = min(2, reduction% ÷ target%), points = floor(reward × multiplier).
 * Floored so rounding never awards a point the household did not earn; never negative.
 */
export function pointsFor(reductionPercent: number | null, targetPercent = DEFAULT_TARGET_REDUCTION_PERCENT, rewardPoints = DEFAULT_EVENT_REWARD_POINTS): number {
  if (!meetsTarget(reductionPercent, targetPercent) || reductionPercent === null) return 0;
  const multiplier = Math.min(MAX_REWARD_MULTIPLIER, settle(reductionPercent) / targetPercent);
  return Math.max(0, Math.floor(settle(rewardPoints * multiplier)));
}

/**
 * Rounded to a millionth so float noise (a 10 % cut computing as 9.999999999999998 %) never
 * costs a household its reward, and re-running settlement cannot flip the outcome.
 */
function settle(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function meetsTarget(reductionPercent: number | null, targetPercent = DEFAULT_TARGET_REDUCTION_PERCENT): boolean {
  if (reductionPercent === null || !Number.isFinite(reductionPercent) || !(targetPercent > 0)) return false;
  return settle(reductionPercent) >= targetPercent;
}

export function eventOutcome(
  baseline: Pick<Baseline, 'kwhBySlot'>,
  actual: SlotReadings,
  options: { targetPercent?: number; rewardPoints?: number } = {},
): EventOutcome {
  let baselineKwh = 0;
  let actualKwh = 0;
  let slotsCompared = 0;
  for (const [slot, expected] of Object.entries(baseline.kwhBySlot)) {
    const used = actual[slot];
    if (expected === null || used === undefined || !Number.isFinite(used)) continue;
    baselineKwh += expected;
    actualKwh += used;
    slotsCompared++;
  }
  const reductionKwh = baselineKwh - actualKwh;
  const reductionPercent = baselineKwh > 0 ? (reductionKwh / baselineKwh) * 100 : null;
  const targetPercent = options.targetPercent ?? DEFAULT_TARGET_REDUCTION_PERCENT;
  const points = pointsFor(reductionPercent, targetPercent, options.rewardPoints ?? DEFAULT_EVENT_REWARD_POINTS);
  return {
    baselineKwh,
    actualKwh,
    reductionKwh,
    reductionPercent,
    slotsCompared,
    targetMet: meetsTarget(reductionPercent, targetPercent),
    points,
  };
}
