import type { Baseline } from './event-baseline';
import { additiveAdjustment, EARLY_WINDOW_GAP_MINUTES, meanByClock } from './event-baseline';
import type { FrozenBaselineFigures } from './event-baseline-frozen';
import type { DayReadings, DaySlots, SlotReadings } from './event-intervals';
import { clockOf, readingAt } from './event-intervals';
import type { LocalDate } from './local-time';
import { expectedDrawInSlot } from './event-baseline-gross';
import { baselineNoiseKwh, eventWindowNoiseKwh } from './event-points-rule';

/**
 * Decision 126's gross-load baseline frozen, for a home whose panels' production is measured and
 * that has no battery, over decision 133's early window (three hours ending two hours before the
 * start): docs/decisions/138-the-baseline-of-decision-133-wired.md, read on the day as decision
 * 141's expected draw ("expected-draw" variant).
 *
 * The row keeps what the early-window row keeps (the days, their mean grid draw per event slot,
 * the figure shown, and per window slot, so the row can still be paid by the early-window rule on
 * the day), their mean gross load (import − export + production) per window slot and per event
 * slot, and each day's gross load per event slot. On the day the adjustment is read on gross load,
 * and each event slot's baseline is the mean over the days of that day's gross load plus its even
 * share of the capped adjustment, less the panels' production of that slot on the event day, never
 * below 0: what the home would have drawn from the grid.
 */
export const GROSS_LOAD_METHOD = 'mean-of-days-gross-load';

/** Gross load of one interval: what the home used, whatever the grid or the panels supplied. */
export const grossKwh = (importKwh: number, exportKwh: number, productionKwh: number): number => importKwh - exportKwh + productionKwh;

/**
 * The baseline days' mean gross load, per slot of the window and of the event, in slot order, and
 * each day's gross load per event slot (day-major, days in date order, slots in slot order): the
 * expected draw takes the floor at 0 day by day (decision 141). Rows frozen before it lack the
 * days and are thawed on the mean, as they were.
 */
export type FrozenGross = { windowKwh: number[]; eventKwh: number[]; eventDaysKwh?: number[] };

/**
 * Production is measured when it was above 0 in at least one interval the rule reads (the window
 * and the event's hours) on one of the baseline days. A register that reads 0 throughout cannot be
 * told from a meter that has none (a Green Button file with export only stores 0), and gross load
 * without it would be import − export, which an exporting home's sunny afternoon drives below 0.
 */
export function hasMeasuredProduction(days: readonly LocalDate[], slots: readonly string[], production: DayReadings): boolean {
  return days.some((date) => slots.some((slot) => (readingAt(production, date, clockOf(slot)) ?? 0) > 0));
}

/**
 * The gross-load row, from the early-window row frozen from the same readings (its days, its grid
 * draw means) and the days' gross load. Null when a baseline day lacks gross load in a slot of the
 * window or of the event: the caller keeps the early-window row.
 */
export function freezeGrossBaseline(early: FrozenBaselineFigures, event: DaySlots, window: DaySlots | null, gross: DayReadings): FrozenBaselineFigures | null {
  const days = [...early.days].sort();
  const windowSlots = window?.slots ?? [];
  if (early.eventKwh.length !== event.slots.length || early.windowKwh.length !== windowSlots.length || early.group) return null;
  const complete = (slots: readonly string[]) => days.every((date) => slots.every((slot) => Number.isFinite(readingAt(gross, date, clockOf(slot)))));
  if (days.length === 0 || !complete(windowSlots) || !complete(event.slots)) return null;
  // The same means, over the same (date-ordered) days, as grossLoadBaseline takes.
  const windowMean = meanByClock(days, windowSlots, gross);
  const eventMean = meanByClock(days, event.slots, gross);
  return {
    ...early,
    method: GROSS_LOAD_METHOD,
    gross: {
      windowKwh: windowSlots.map((slot) => windowMean[slot]!),
      eventKwh: event.slots.map((slot) => eventMean[slot]!),
      eventDaysKwh: days.flatMap((date) => event.slots.map((slot) => readingAt(gross, date, clockOf(slot))!)),
    },
    // The swing of what the baseline averages, gross load, not of the grid draw the sun moves (decision 140).
    noiseKwh: baselineNoiseKwh(days, event.slots, gross),
  };
}

/**
 * What a gross-load baseline came to on the day, for its explanation: the days' usual gross load
 * over the event, what the window moved it by (after the cap), and the panels' production over the
 * event's slots that were in. The baseline is their sum, less what the floor at 0 kept in a slot.
 */
export type GrossFigures = { usualKwh: number; shiftKwh: number; productionKwh: number };

/** The event day's gross load and production per slot (read for gross-load rows only). */
export type GrossDay = { gross: SlotReadings | undefined; production: SlotReadings | undefined };

/**
 * A gross-load row on the day. The adjustment is decision 101's additive rule on gross load over
 * the window, capped at ±20 % of the grid-draw baseline and spread evenly over the event's slots.
 * A slot whose production is not in yet (the live scorecard before its reading, the outlook before
 * the event) is counted on the baseline days' own grid draw plus its share: no slot that is not in
 * is compared, so a complete event is settled on the gross rule in every slot.
 */
export function thawGrossBaseline(frozen: FrozenBaselineFigures & { gross: FrozenGross }, event: DaySlots, window: DaySlots | null, day: GrossDay): Extract<Baseline, { ok: true }> | null {
  const windowSlots = window?.slots ?? [];
  if (frozen.gross.eventKwh.length !== event.slots.length || frozen.gross.windowKwh.length !== windowSlots.length || frozen.eventKwh.length !== event.slots.length) return null;
  const unadjustedKwhBySlot: Record<string, number> = {};
  const usualGross: Record<string, number> = {};
  event.slots.forEach((slot, i) => {
    unadjustedKwhBySlot[slot] = frozen.eventKwh[i]!;
    usualGross[slot] = frozen.gross.eventKwh[i]!;
  });
  const typical: Record<string, number> = {};
  windowSlots.forEach((slot, i) => {
    typical[slot] = frozen.gross.windowKwh[i]!;
  });
  // Slot order, as the frozen figure is summed and grossLoadBaseline sums it.
  const unadjustedKwh = event.slots.reduce((sum, slot) => sum + unadjustedKwhBySlot[slot]!, 0);
  const additive = additiveAdjustment(window, typical, day.gross, unadjustedKwh, event.slots.length);
  const shiftKwh = unadjustedKwh * additive.factor - unadjustedKwh;
  const perSlot = shiftKwh / event.slots.length;
  const dayCount = frozen.days.length;
  const perDay = frozen.gross.eventDaysKwh?.length === dayCount * event.slots.length ? frozen.gross.eventDaysKwh : undefined;
  const kwhBySlot: Record<string, number> = {};
  // Each day's draw over the event's slots under the day's sun (expected draw only), for σ.
  const dayDraws = new Array<number>(dayCount).fill(0);
  let usualKwh = 0;
  let productionKwh = 0;
  let allIn = true;
  event.slots.forEach((slot, i) => {
    const produced = day.production?.[slot];
    usualKwh += usualGross[slot]!;
    if (!Number.isFinite(produced)) {
      allIn = false;
      kwhBySlot[slot] = Math.max(0, unadjustedKwhBySlot[slot]! + perSlot);
      return;
    }
    productionKwh += produced!;
    if (!perDay) {
      kwhBySlot[slot] = Math.max(0, usualGross[slot]! + perSlot - produced!);
      return;
    }
    kwhBySlot[slot] = expectedDrawInSlot((d) => perDay[d * event.slots.length + i]!, perSlot, produced!, dayDraws);
  });
  const adjustment = { ...additive, windowGapMinutes: EARLY_WINDOW_GAP_MINUTES, gross: { usualKwh, shiftKwh, productionKwh } };
  const baseline = { ok: true as const, eventDate: event.date, kind: frozen.kind, days: frozen.days, adjustment, slots: event.slots, unadjustedKwhBySlot, kwhBySlot };
  // σ of the expected draw is known only once every slot's sun is: until then the frozen σ stands.
  return perDay && allIn ? { ...baseline, noiseKwh: eventWindowNoiseKwh(dayDraws) } : baseline;
}
