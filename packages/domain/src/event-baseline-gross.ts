import type { Adjustment } from './event-baseline';
import { additiveAdjustment, meanByClock } from './event-baseline';
import type { DayReadings, DaySlots } from './event-intervals';
import { clockOf, eventDayReadings, readingAt } from './event-intervals';
import type { LocalDate } from './local-time';

/**
 * The same-day adjustment of a home whose panels' production is measured, read on its gross load
 * (what it used: grid import − grid export + production) instead of its draw from the grid. The
 * window (three hours ending an hour before the event) is mid-afternoon, when the panels make
 * several times what they make in the event's hours, so on grid draw a sunny window cut the
 * baseline for sun the evening never sees (docs/decisions/119-battery-homes-and-the-solar-bias-measured.md).
 * The baseline and the actual stay on grid draw, what the program pays for. Measured by the
 * baseline harness and not used by settlement: no variant met the target without making the
 * population and battery homes worse (docs/decisions/126-solar-homes-adjusted-on-gross-load.md).
 *
 * - window: the window's gross difference (per interval that is in, times the event's intervals,
 *   capped at ±20 % of the unadjusted grid-draw baseline, decision 101's rule) added to the
 *   grid-draw baseline.
 * - gross-baseline: the baseline days' mean gross load per event interval, plus the same capped
 *   window difference spread evenly, minus the event day's own production in that interval,
 *   never below 0: the evening's sun on the event day replaces the baseline days' sun.
 * - production-difference: the window's rule, plus in each event interval the baseline days' mean
 *   production less the event day's, never below 0: the same move kept on grid draw, so a battery's
 *   evening discharge (already in the grid-draw mean) is not taken off a second time.
 * - expected-draw: gross-baseline's figures, but the floor at 0 taken day by day before the mean:
 *   in each event interval the mean over the baseline days of (that day's gross load + the share −
 *   the event day's production, never below 0). The home's draw is max(0, load − production) per
 *   interval, and the mean of a floored quantity is above the floor of its mean wherever the load
 *   swings across the production, so gross-baseline reads a small net draw low.
 */
export type GrossLoadVariant = 'window' | 'gross-baseline' | 'production-difference' | 'expected-draw';

export type GrossLoadInput = {
  /** The baseline days (all complete on grid draw over the event's and the window's slots). */
  days: readonly LocalDate[];
  /** The event's slots on the event day. */
  event: DaySlots;
  /** The window's slots on the event day; null when it falls outside the day. */
  window: DaySlots | null;
  /** Grid draw per interval, max(0, import − export): the quantity paid for. */
  net: DayReadings;
  /** Gross load per interval: import − export + production. */
  gross: DayReadings;
  /** The panels' production per interval (for gross-baseline). */
  production: DayReadings;
  variant: GrossLoadVariant;
};

export type GrossLoadBaseline = {
  /** The baseline days' mean grid draw per event slot, before any adjustment. */
  unadjustedKwhBySlot: Record<string, number>;
  /** The window's adjustment on gross load (factor relative to the grid-draw baseline). */
  adjustment: Adjustment;
  /** kWh the window moved the baseline by (after the cap). */
  windowShiftKwh: number;
  /** What the event is measured against, per slot, kWh of grid draw. */
  kwhBySlot: Record<string, number>;
  kwh: number;
  /** expected-draw only: each baseline day's draw over the event under the event day's sun, in date order; their spread is the row's σ (decision 141). */
  dayDrawsKwh?: number[];
};

/**
 * Null when a baseline day lacks gross load (or, for gross-baseline, production) in a slot the
 * rule reads, or the event day lacks production in an event slot: the caller keeps the grid-draw rule.
 */
export function grossLoadBaseline(input: GrossLoadInput): GrossLoadBaseline | null {
  const days = [...input.days].sort();
  const windowSlots = input.window?.slots ?? [];
  const needsProduction = input.variant !== 'window';
  const eventSlots = input.event.slots;
  const complete = (readings: DayReadings, slots: readonly string[]) => days.every((date) => slots.every((slot) => Number.isFinite(readingAt(readings, date, clockOf(slot)))));
  if (days.length === 0 || !complete(input.gross, windowSlots)) return null;
  if ((input.variant === 'gross-baseline' || input.variant === 'expected-draw') && !complete(input.gross, eventSlots)) return null;
  if (input.variant === 'production-difference' && !complete(input.production, eventSlots)) return null;
  const dayProduction = eventDayReadings(input.production, input.event.date);
  if (needsProduction && !eventSlots.every((slot) => Number.isFinite(dayProduction?.[slot]))) return null;

  const unadjustedKwhBySlot = meanByClock(days, eventSlots, input.net);
  const unadjustedKwh = eventSlots.reduce((sum, slot) => sum + unadjustedKwhBySlot[slot]!, 0);
  const typicalGross = meanByClock(days, windowSlots, input.gross);
  const adjustment = additiveAdjustment(input.window, typicalGross, eventDayReadings(input.gross, input.event.date), unadjustedKwh, eventSlots.length);
  const windowShiftKwh = unadjustedKwh * adjustment.factor - unadjustedKwh;

  const kwhBySlot: Record<string, number> = {};
  if (input.variant === 'window') {
    for (const slot of eventSlots) kwhBySlot[slot] = unadjustedKwhBySlot[slot]! * adjustment.factor;
  } else if (input.variant === 'production-difference') {
    const usualProduction = meanByClock(days, eventSlots, input.production);
    for (const slot of eventSlots) kwhBySlot[slot] = Math.max(0, unadjustedKwhBySlot[slot]! * adjustment.factor + usualProduction[slot]! - dayProduction![slot]!);
  } else if (input.variant === 'expected-draw') {
    const perSlot = windowShiftKwh / eventSlots.length;
    const dayDrawsKwh = new Array<number>(days.length).fill(0);
    for (const slot of eventSlots) kwhBySlot[slot] = expectedDrawInSlot((d) => readingAt(input.gross, days[d]!, clockOf(slot))!, perSlot, dayProduction![slot]!, dayDrawsKwh);
    const kwh = eventSlots.reduce((sum, slot) => sum + kwhBySlot[slot]!, 0);
    return { unadjustedKwhBySlot, adjustment, windowShiftKwh, kwhBySlot, kwh, dayDrawsKwh };
  } else {
    const grossBySlot = meanByClock(days, eventSlots, input.gross);
    const perSlot = windowShiftKwh / eventSlots.length;
    for (const slot of eventSlots) kwhBySlot[slot] = Math.max(0, grossBySlot[slot]! + perSlot - dayProduction![slot]!);
  }
  const kwh = eventSlots.reduce((sum, slot) => sum + kwhBySlot[slot]!, 0);
  return { unadjustedKwhBySlot, adjustment, windowShiftKwh, kwhBySlot, kwh };
}

/**
 * One event slot's expected draw (decision 141): the mean over the baseline days of max(0, that
 * day's gross load in the slot + the window's even share − the event day's production in it).
 * Each day's draw is added to its entry of `dayDrawsKwh` (one per day), whose spread over the
 * event's slots is the row's σ. The one computation behind the harness's variant and settlement's
 * thawed row.
 */
export function expectedDrawInSlot(grossOfDay: (day: number) => number, shareKwh: number, producedKwh: number, dayDrawsKwh: number[]): number {
  let sum = 0;
  for (let d = 0; d < dayDrawsKwh.length; d++) {
    const draw = Math.max(0, grossOfDay(d) + shareKwh - producedKwh);
    dayDrawsKwh[d]! += draw;
    sum += draw;
  }
  return sum / dayDrawsKwh.length;
}
