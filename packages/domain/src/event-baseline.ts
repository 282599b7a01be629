import type { GrossFigures } from './event-baseline-frozen-gross';
import type { SunFigures } from './event-baseline-frozen-sun';
import type { DayReadings, DaySlots, SlotReadings } from './event-intervals';
import { adjustmentWindowSlots, clockOf, eventDayReadings, eventSlots, NEXT_DAY_MARK, readingAt } from './event-intervals';
import type { LocalDate } from './local-time';
import { addDays, isWeekend } from './local-time';

/**
 * An Energy Saving Event's baseline: what the household would have used in each 5-minute slot
 * of the event had there been none. Pure and deterministic (the same readings give the same
 * baseline whatever their order), so settling twice gives the same result. The rules and why
 * are in docs/decisions/029-event-baseline-and-points.md; the same-day adjustment in
 * docs/decisions/101-the-additive-adjustment-frozen.md.
 */

export const BASELINE_WEEKDAYS = 10;
export const BASELINE_WEEKEND_DAYS = 4;
/** Fewer eligible days than this: no baseline (a mean of two or three days is one outlier away from wrong). */
export const MIN_BASELINE_WEEKDAYS = 5;
export const MIN_BASELINE_WEEKEND_DAYS = 3;
/** How far back eligible days are looked for; older use says little about this season. */
export const WEEKDAY_LOOKBACK_DAYS = 45;
export const WEEKEND_LOOKBACK_DAYS = 60;
/** Decision 029's multiplicative factor was kept within these; frozen rows of that rule still thaw by them. */
export const ADJUSTMENT_MIN = 0.8;
export const ADJUSTMENT_MAX = 1.2;
/** Most the additive adjustment may move the baseline, as a share of it (decision 101). */
export const ADJUSTMENT_CAP = 0.2;

/**
 * additive: the difference between the day's and the usual use over the window, per interval,
 * added over the event's intervals (decision 101); multiplicative: the ratio of the two, decision
 * 029's rule, kept for baselines frozen under it.
 */
export type AdjustmentMethod = 'additive' | 'multiplicative';

/**
 * How a baseline of the household's own days is moved on the event day: by a window's adjustment,
 * or not at all ('none': a battery home, whose afternoon draw is what it held for the event,
 * docs/decisions/138-the-baseline-of-decision-133-wired.md).
 */
export type SameDayMethod = AdjustmentMethod | 'none';

/** Decision 101's gap between the adjustment window's end and the event's start; rows frozen under it keep it. */
export const DECISION_101_WINDOW_GAP_MINUTES = 60;
/** Decision 138's: two hours, past a 90-minute pre-cool or pre-heat (decision 133). */
export const EARLY_WINDOW_GAP_MINUTES = 120;

export type DayKind = 'weekday' | 'weekend-or-holiday';

export function dayKind(date: LocalDate, holidays: ReadonlySet<LocalDate>): DayKind {
  return isWeekend(date) || holidays.has(date) ? 'weekend-or-holiday' : 'weekday';
}

export type BaselineDaysInput = {
  eventDate: LocalDate;
  /** Clock times ("18:05") every eligible day must have a reading for. */
  neededClocks: readonly string[];
  readings: DayReadings;
  /** Dates of other events: their use was cut, so they are not typical. */
  eventDates: Iterable<LocalDate>;
  holidays: Iterable<LocalDate>;
};

/**
 * The most recent days of the event day's kind within the look-back, before the event day, that
 * were not event days and have a reading in every needed slot (a day with a gap there would
 * pull the mean toward zero; a gap elsewhere in the day does not matter). Most recent first.
 */
export function baselineDays(input: BaselineDaysInput): { kind: DayKind; days: LocalDate[] } {
  const holidays = new Set(input.holidays);
  const events = new Set(input.eventDates);
  const kind = dayKind(input.eventDate, holidays);
  const [wanted, lookback] =
    kind === 'weekday' ? [BASELINE_WEEKDAYS, WEEKDAY_LOOKBACK_DAYS] : [BASELINE_WEEKEND_DAYS, WEEKEND_LOOKBACK_DAYS];
  const complete = completeDays(input.neededClocks, input.readings);
  const days: LocalDate[] = [];
  for (let back = 1; back <= lookback && days.length < wanted; back++) {
    const date = addDays(input.eventDate, -back);
    if (events.has(date) || dayKind(date, holidays) !== kind) continue;
    if (complete(date)) days.push(date);
  }
  return { kind, days };
}

/** Whether a day has a reading at every needed clock time (and, for an event past midnight, the next day's). */
export function completeDays(neededClocks: readonly string[], readings: DayReadings): (date: LocalDate) => boolean {
  // An event past midnight needs clock times of the day after each day too ("00:05+1").
  const sameDay = neededClocks.filter((clock) => !clock.endsWith(NEXT_DAY_MARK));
  const nextDay = neededClocks.filter((clock) => clock.endsWith(NEXT_DAY_MARK)).map((clock) => clock.slice(0, -NEXT_DAY_MARK.length));
  const complete = (day: SlotReadings | undefined, clocks: readonly string[]) => clocks.length === 0 || (day !== undefined && clocks.every((clock) => Number.isFinite(day[clock])));
  return (date) => complete(readings.get(date), sameDay) && complete(readings.get(addDays(date, 1)), nextDay);
}

/** Mean kWh of each slot's clock time over the days (all of which have it). */
export function meanByClock(days: readonly LocalDate[], slots: readonly string[], readings: DayReadings): Record<string, number> {
  const mean: Record<string, number> = {};
  for (const slot of slots) {
    let sum = 0;
    for (const date of days) sum += readingAt(readings, date, clockOf(slot)) ?? NaN;
    mean[slot] = sum / days.length;
  }
  return mean;
}

/**
 * applied: the ratio was within the clamp; clamped: it was outside and was clamped;
 * missing_data: fewer than half the window's intervals were in; zero_baseline: the typical use
 * in the window was zero; window_outside_day: the window starts before the event's local day;
 * not_adjusted_battery: a battery home, not adjusted at all (decision 138).
 * In the last four the factor is 1.
 */
export type AdjustmentStatus = 'applied' | 'clamped' | 'missing_data' | 'zero_baseline' | 'window_outside_day' | 'not_adjusted_battery';

export type Adjustment = {
  /**
   * comparison: a member with too few days of its own, moved by a group of homes not called
   * (event-baseline-group.ts); none: a battery home, its days' mean alone (decision 138).
   */
  method: SameDayMethod | 'comparison';
  /** Adjusted ÷ unadjusted baseline: the additive amount is spread over the event's intervals in proportion to their usual use. */
  factor: number;
  /** The factor before the clamp or cap; null when not computable. */
  unclamped: number | null;
  status: AdjustmentStatus;
  /** The window's slots on the event day (none for a comparison group). */
  slots: string[];
  /** comparison: how many of the group's homes the change was read from. */
  peers?: number;
  /** additive or multiplicative: how long before the start the window ended, minutes (60 under decision 101, 120 under 138). */
  windowGapMinutes?: number;
  /** A gross-load baseline (decision 138): what it was made of, for its explanation. */
  gross?: GrossFigures;
  /** A sun-matched baseline on the day (decision 147): the production its days were matched on, for its explanation. */
  sun?: SunFigures;
  /** A sun-matched row before the event day's production up to the start is in: its days' mean until then (decision 147). */
  sunPending?: true;
};


/**
 * Decision 029's rule: actual ÷ typical use over the window, over the intervals that are in on the
 * event day (the typical side is complete: every baseline day has the whole window), clamped to
 * [0.8, 1.2]. Baselines frozen under it are still paid by it.
 */
export function sameDayAdjustment(window: DaySlots | null, typical: Readonly<Record<string, number>>, actual: SlotReadings | undefined): Adjustment {
  const method = 'multiplicative';
  if (!window) return { method, factor: 1, unclamped: null, status: 'window_outside_day', slots: [] };
  const sums = windowSums(window, typical, actual);
  const slots = window.slots;
  if (!sums) return { method, factor: 1, unclamped: null, status: 'missing_data', slots };
  if (!(sums.typicalKwh > 0)) return { method, factor: 1, unclamped: null, status: 'zero_baseline', slots };
  const unclamped = sums.actualKwh / sums.typicalKwh;
  const factor = Math.min(ADJUSTMENT_MAX, Math.max(ADJUSTMENT_MIN, unclamped));
  return { method, factor, unclamped, status: factor === unclamped ? 'applied' : 'clamped', slots };
}

/** Typical and actual kWh over the window's intervals that are in on the event day; null with fewer than half in. */
function windowSums(window: DaySlots, typical: Readonly<Record<string, number>>, actual: SlotReadings | undefined): { typicalKwh: number; actualKwh: number; present: number } | null {
  let typicalKwh = 0;
  let actualKwh = 0;
  let present = 0;
  for (const slot of window.slots) {
    const used = actual?.[slot];
    const usual = typical[slot];
    if (used === undefined || !Number.isFinite(used) || usual === undefined) continue;
    typicalKwh += usual;
    actualKwh += used;
    present++;
  }
  return present * 2 < window.slots.length || present === 0 ? null : { typicalKwh, actualKwh, present };
}

/**
 * The day's use minus the usual use over the window, per interval that is in, times the event's
 * intervals: the kWh added to (or taken from) the baseline, capped at ±20 % of it. A home whose
 * afternoon ran low by a fixed amount (nobody home yet) loses that amount, not a share of its
 * evening; a near-empty window cannot make a ratio explode. Returned as the factor it comes to,
 * so the added kWh are spread over the event's intervals in proportion to their usual use (no
 * interval goes below zero) and the total is the unadjusted baseline plus the capped amount.
 */
export function additiveAdjustment(
  window: DaySlots | null,
  typical: Readonly<Record<string, number>>,
  actual: SlotReadings | undefined,
  unadjustedKwh: number,
  eventSlotCount: number,
): Adjustment {
  const method = 'additive';
  if (!window) return { method, factor: 1, unclamped: null, status: 'window_outside_day', slots: [] };
  const sums = windowSums(window, typical, actual);
  const slots = window.slots;
  if (!sums) return { method, factor: 1, unclamped: null, status: 'missing_data', slots };
  // Nothing usually used over the event: there is nothing a share of it could be capped at.
  if (!(unadjustedKwh > 0)) return { method, factor: 1, unclamped: null, status: 'zero_baseline', slots };
  const raw = ((sums.actualKwh - sums.typicalKwh) / sums.present) * eventSlotCount;
  const limit = ADJUSTMENT_CAP * unadjustedKwh;
  const shift = Math.min(limit, Math.max(-limit, raw));
  const unclamped = (unadjustedKwh + raw) / unadjustedKwh;
  return { method, factor: (unadjustedKwh + shift) / unadjustedKwh, unclamped, status: shift === raw ? 'applied' : 'clamped', slots };
}

/**
 * The adjustment of `method` for a baseline whose unadjusted kWh per event slot are `unadjusted`,
 * its window ending `windowGapMinutes` before the start (none: no window is read).
 */
export function adjustmentBy(
  method: SameDayMethod,
  windowGapMinutes: number,
  window: DaySlots | null,
  typical: Readonly<Record<string, number>>,
  actual: SlotReadings | undefined,
  eventSlots: readonly string[],
  unadjusted: Readonly<Record<string, number>>,
): Adjustment {
  // A battery home's (decision 138): nothing read on the day, the factor 1.
  if (method === 'none') return { method, factor: 1, unclamped: null, status: 'not_adjusted_battery', slots: [] };
  if (method === 'multiplicative') return { ...sameDayAdjustment(window, typical, actual), windowGapMinutes };
  // Slot order, as the frozen figure is summed, so frozen and computed agree to the bit.
  const unadjustedKwh = eventSlots.reduce((sum, slot) => sum + (unadjusted[slot] ?? 0), 0);
  return { ...additiveAdjustment(window, typical, actual, unadjustedKwh, eventSlots.length), windowGapMinutes };
}

/**
 * The window a method reads on the event day: none for 'none' (its days need only the event's
 * slots, so a battery home is not left without a baseline for a gap in the afternoon).
 */
export function sameDayWindow(method: SameDayMethod, eventStart: Date, timeZone: string, windowGapMinutes: number): DaySlots | null {
  return method === 'none' ? null : adjustmentWindowSlots(eventStart, timeZone, windowGapMinutes);
}

export type BaselineInput = {
  eventStart: Date;
  eventEnd: Date;
  timeZone: string;
  /** The household's readings by local day: the look-back and the event day. */
  readings: DayReadings;
  eventDates: Iterable<LocalDate>;
  holidays: Iterable<LocalDate>;
  /** Decision 101's additive adjustment unless told otherwise (a frozen row's method, or the harness). */
  adjustment?: SameDayMethod;
  /** How long before the start the window ends, minutes: decision 101's hour unless told otherwise. */
  windowGapMinutes?: number;
};

export type BaselineUnavailable = 'insufficient_history' | 'event_crosses_midnight';

export type Baseline =
  | {
      ok: true;
      eventDate: LocalDate;
      kind: DayKind;
      /** The days averaged, most recent first. */
      days: LocalDate[];
      adjustment: Adjustment;
      /** The event's slots on the event day, in time order. */
      slots: string[];
      /** Mean of the days per slot, before the adjustment, kWh. */
      unadjustedKwhBySlot: Record<string, number>;
      /** Mean × adjustment factor per slot, kWh: what the event is measured against. */
      kwhBySlot: Record<string, number>;
      /**
       * σ of what the baseline averages, when it can only be worked out on the day (a gross-load
       * row's expected draw under the day's sun, decision 141); absent: the σ frozen with the row.
       */
      noiseKwh?: number | null;
      /** A member with no complete past day: the use the group moved was its own over the event day's window (decision 144). */
      fromEventDay?: true;
    }
  | { ok: false; reason: BaselineUnavailable; eventDate: LocalDate | null; days: LocalDate[] };

export function computeBaseline(input: BaselineInput): Baseline {
  const event = eventSlots(input.eventStart, input.eventEnd, input.timeZone);
  if (!event) return { ok: false, reason: 'event_crosses_midnight', eventDate: null, days: [] };
  const method = input.adjustment ?? 'additive';
  const gap = input.windowGapMinutes ?? DECISION_101_WINDOW_GAP_MINUTES;
  const window = sameDayWindow(method, input.eventStart, input.timeZone, gap);
  const windowSlots = window?.slots ?? [];
  const neededClocks = [...new Set([...windowSlots, ...event.slots].map(clockOf))];
  const { kind, days } = baselineDays({ ...input, eventDate: event.date, neededClocks });
  const minimum = kind === 'weekday' ? MIN_BASELINE_WEEKDAYS : MIN_BASELINE_WEEKEND_DAYS;
  if (days.length < minimum) return { ok: false, reason: 'insufficient_history', eventDate: event.date, days };
  // Sum in date order, not recency order, so the float result does not depend on how it is read.
  const sorted = [...days].sort();
  const unadjustedKwhBySlot = meanByClock(sorted, event.slots, input.readings);
  const typical = meanByClock(sorted, windowSlots, input.readings);
  const adjustment = adjustmentBy(method, gap, window, typical, eventDayReadings(input.readings, event.date), event.slots, unadjustedKwhBySlot);
  const kwhBySlot: Record<string, number> = {};
  for (const slot of event.slots) kwhBySlot[slot] = (unadjustedKwhBySlot[slot] ?? 0) * adjustment.factor;
  return { ok: true, eventDate: event.date, kind, days, adjustment, slots: event.slots, unadjustedKwhBySlot, kwhBySlot };
}
