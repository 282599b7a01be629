import type { DayReadings, DaySlots, SlotReadings } from './event-intervals';
import { adjustmentWindowSlots, clockOf, eventDayReadings, eventSlots, NEXT_DAY_MARK, readingAt } from './event-intervals';
import type { LocalDate } from './local-time';
import { addDays, isWeekend } from './local-time';

/**
 * An Energy Saving Event's baseline: what the household would have used in each 5-minute slot
 * of the event had there been none. Pure and deterministic (the same readings give the same
 * baseline whatever their order), so settling twice gives the same result. The rules and why
 * are in docs/decisions/029-event-baseline-and-points.md.
 */

export const BASELINE_WEEKDAYS = 10;
export const BASELINE_WEEKEND_DAYS = 4;
/** Fewer eligible days than this: no baseline (a mean of two or three days is one outlier away from wrong). */
export const MIN_BASELINE_WEEKDAYS = 5;
export const MIN_BASELINE_WEEKEND_DAYS = 3;
/** How far back eligible days are looked for; older use says little about this season. */
export const WEEKDAY_LOOKBACK_DAYS = 45;
export const WEEKEND_LOOKBACK_DAYS = 60;
export const ADJUSTMENT_MIN = 0.8;
export const ADJUSTMENT_MAX = 1.2;

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
  // An event past midnight needs clock times of the day after each day too ("00:05+1").
  const sameDay = input.neededClocks.filter((clock) => !clock.endsWith(NEXT_DAY_MARK));
  const nextDay = input.neededClocks.filter((clock) => clock.endsWith(NEXT_DAY_MARK)).map((clock) => clock.slice(0, -NEXT_DAY_MARK.length));
  const complete = (readings: SlotReadings | undefined, clocks: readonly string[]) => clocks.length === 0 || (readings !== undefined && clocks.every((clock) => Number.isFinite(readings[clock])));
  const days: LocalDate[] = [];
  for (let back = 1; back <= lookback && days.length < wanted; back++) {
    const date = addDays(input.eventDate, -back);
    if (events.has(date) || dayKind(date, holidays) !== kind) continue;
    if (complete(input.readings.get(date), sameDay) && complete(input.readings.get(addDays(date, 1)), nextDay)) days.push(date);
  }
  return { kind, days };
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
 * in the window was zero; window_outside_day: the window starts before the event's local day.
 * In the last three the factor is 1.
 */
export type AdjustmentStatus = 'applied' | 'clamped' | 'missing_data' | 'zero_baseline' | 'window_outside_day';

export type Adjustment = {
  factor: number;
  /** Actual ÷ typical over the window before clamping; null when not computable. */
  unclamped: number | null;
  status: AdjustmentStatus;
  /** The window's slots on the event day. */
  slots: string[];
};

/**
 * Actual ÷ typical use over the window, over the intervals that are in on the event day (the
 * typical side is complete: every baseline day has the whole window), clamped to [0.8, 1.2].
 */
export function sameDayAdjustment(window: DaySlots | null, typical: Readonly<Record<string, number>>, actual: SlotReadings | undefined): Adjustment {
  if (!window) return { factor: 1, unclamped: null, status: 'window_outside_day', slots: [] };
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
  const slots = window.slots;
  if (present * 2 < slots.length || present === 0) return { factor: 1, unclamped: null, status: 'missing_data', slots };
  if (!(typicalKwh > 0)) return { factor: 1, unclamped: null, status: 'zero_baseline', slots };
  const unclamped = actualKwh / typicalKwh;
  const factor = Math.min(ADJUSTMENT_MAX, Math.max(ADJUSTMENT_MIN, unclamped));
  return { factor, unclamped, status: factor === unclamped ? 'applied' : 'clamped', slots };
}

export type BaselineInput = {
  eventStart: Date;
  eventEnd: Date;
  timeZone: string;
  /** The household's readings by local day: the look-back and the event day. */
  readings: DayReadings;
  eventDates: Iterable<LocalDate>;
  holidays: Iterable<LocalDate>;
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
    }
  | { ok: false; reason: BaselineUnavailable; eventDate: LocalDate | null; days: LocalDate[] };

export function computeBaseline(input: BaselineInput): Baseline {
  const event = eventSlots(input.eventStart, input.eventEnd, input.timeZone);
  if (!event) return { ok: false, reason: 'event_crosses_midnight', eventDate: null, days: [] };
  const window = adjustmentWindowSlots(input.eventStart, input.timeZone);
  const windowSlots = window?.slots ?? [];
  const neededClocks = [...new Set([...windowSlots, ...event.slots].map(clockOf))];
  const { kind, days } = baselineDays({ ...input, eventDate: event.date, neededClocks });
  const minimum = kind === 'weekday' ? MIN_BASELINE_WEEKDAYS : MIN_BASELINE_WEEKEND_DAYS;
  if (days.length < minimum) return { ok: false, reason: 'insufficient_history', eventDate: event.date, days };
  // Sum in date order, not recency order, so the float result does not depend on how it is read.
  const sorted = [...days].sort();
  const adjustment = sameDayAdjustment(window, meanByClock(sorted, windowSlots, input.readings), eventDayReadings(input.readings, event.date));
  const unadjustedKwhBySlot = meanByClock(sorted, event.slots, input.readings);
  const kwhBySlot: Record<string, number> = {};
  for (const slot of event.slots) kwhBySlot[slot] = (unadjustedKwhBySlot[slot] ?? 0) * adjustment.factor;
  return { ok: true, eventDate: event.date, kind, days, adjustment, slots: event.slots, unadjustedKwhBySlot, kwhBySlot };
}
