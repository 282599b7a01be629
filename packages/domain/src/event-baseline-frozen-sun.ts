import type { Baseline } from './event-baseline';
import type { FrozenBaselineFigures } from './event-baseline-frozen';
import type { DayReadings, DaySlots, SlotReadings } from './event-intervals';
import { clockOf, readingAt } from './event-intervals';
import type { LocalDate } from './local-time';
import { zonedTimeToUtc } from './local-time';
import { eventWindowNoiseKwh } from './event-points-rule';
import { INTERVAL_MS } from './time-constants';

/**
 * Decision 147: a battery home whose panels' production is measured, scored on the days of its
 * baseline whose sun before the event was nearest the event day's. A self-consuming battery covers
 * the evening as far as the day's sun charged it, so such a home's evening draw follows the day's
 * production before the start, which the event does not change and the production register reads.
 * Its days' mean (decision 138) tests a sunny event day against dull days as much as sunny ones.
 *
 * The row keeps what decision 138's battery row keeps (the days, their mean grid draw per event
 * slot, the figure shown) and, per day in date order, the panels' production from local midnight
 * to the event's start clock and the grid draw per event slot. On the day, once the event day's
 * production up to the start is in, the baseline is the mean of the SUN_MATCHED_DAYS days nearest
 * it in that production, and σ the spread of those days (so a saving is tested against days like
 * the event day, not against the swing between sunny and dull ones). Until then, and when the
 * production is not complete, it is the days' mean with the σ frozen with the row.
 */
export const SUN_MATCHED_METHOD = 'mean-of-sun-matched-days';

/** How many of the baseline's days are kept (measured against 10 and a line on production: bench/RESULTS.md). */
export const SUN_MATCHED_DAYS = 5;

/** Per baseline day in date order: production from midnight to the start, and grid draw per event slot (day-major). */
export type FrozenSun = { producedKwh: number[]; eventDaysKwh: number[] };

/** What a sun-matched baseline came to on the day, for its explanation. */
export type SunFigures = { todayKwh: number; fromKwh: number; toKwh: number; ofDays: number };

/** The instants of `date` from local midnight to the event's start clock: the production a day is matched on. */
export function beforeStartRange(date: LocalDate, startClock: string, timeZone: string): { fromMs: number; toMs: number } {
  const [hour, minute] = startClock.split(':').map(Number) as [number, number];
  return { fromMs: zonedTimeToUtc(date, 0, 0, timeZone).getTime(), toMs: zonedTimeToUtc(date, hour, minute, timeZone).getTime() };
}

/**
 * kWh the panels made on `date` from local midnight to the start clock, or null when an interval of
 * those hours has no reading: a day read in part would be matched as duller than it was.
 */
export function producedBeforeStart(day: SlotReadings | undefined, date: LocalDate, startClock: string, timeZone: string): number | null {
  if (!day) return null;
  const { fromMs, toMs } = beforeStartRange(date, startClock, timeZone);
  const wanted = Math.round((toMs - fromMs) / INTERVAL_MS);
  const values = Object.entries(day).flatMap(([clock, kwh]) => (clock < startClock && Number.isFinite(kwh) ? [kwh] : []));
  if (values.length !== wanted) return null;
  // Sorted, so the float sum does not depend on the order the readings came in.
  return values.sort((a, b) => a - b).reduce((sum, kwh) => sum + kwh, 0);
}

/**
 * The sun-matched row, from the battery row frozen from the same readings (its days, their mean
 * draw) and the days' production. Null when a day lacks its production before the start or a
 * draw over the event, or when the panels made nothing on any day (a register that reads 0 cannot
 * be told from none): the caller keeps the battery row.
 */
export function freezeSunMatchedBaseline(row: FrozenBaselineFigures, event: DaySlots, draw: DayReadings, production: ReadonlyMap<LocalDate, SlotReadings | undefined>, timeZone: string): FrozenBaselineFigures | null {
  if (row.group || row.eventKwh.length !== event.slots.length || row.days.length === 0) return null;
  const dates = [...row.days].sort();
  const startClock = clockOf(event.slots[0]!);
  const producedKwh: number[] = [];
  for (const date of dates) {
    const kwh = producedBeforeStart(production.get(date), date, startClock, timeZone);
    if (kwh === null) return null;
    producedKwh.push(kwh);
  }
  if (!producedKwh.some((kwh) => kwh > 0)) return null;
  const eventDaysKwh = dates.flatMap((date) => event.slots.map((slot) => readingAt(draw, date, clockOf(slot)) ?? Number.NaN));
  if (eventDaysKwh.some((kwh) => !Number.isFinite(kwh))) return null;
  return { ...row, method: SUN_MATCHED_METHOD, sun: { producedKwh, eventDaysKwh } };
}

/**
 * Days are told apart by production in whole watt-hours, a meter register's resolution: two days
 * that made the same, summed in another order, differ in the last bits of a float, and that noise
 * must not decide which is nearer; a tie goes to the more recent day.
 */
const wattHours = (kwh: number): number => Math.round(kwh * 1000);

/**
 * A sun-matched row on the day. `todayKwh`: the event day's production from midnight to the start
 * (`producedBeforeStart`), undefined or null until it is all in. The days kept are the nearest in
 * it (`wattHours`), ties to the more recent day; the baseline is their mean per slot, summed in date order.
 */
export function thawSunMatchedBaseline(frozen: FrozenBaselineFigures & { sun: FrozenSun }, event: DaySlots, todayKwh: number | null | undefined): Extract<Baseline, { ok: true }> | null {
  const dates = [...frozen.days].sort();
  const n = event.slots.length;
  if (frozen.sun.producedKwh.length !== dates.length || frozen.sun.eventDaysKwh.length !== dates.length * n || frozen.eventKwh.length !== n) return null;
  const adjustment = { method: 'none' as const, factor: 1, unclamped: null, status: 'not_adjusted_battery' as const, slots: [] };
  const unadjustedKwhBySlot: Record<string, number> = {};
  if (todayKwh === null || todayKwh === undefined || !Number.isFinite(todayKwh)) {
    event.slots.forEach((slot, i) => {
      unadjustedKwhBySlot[slot] = frozen.eventKwh[i]!;
    });
    return { ok: true, eventDate: event.date, kind: frozen.kind, days: frozen.days, adjustment: { ...adjustment, sunPending: true }, slots: event.slots, unadjustedKwhBySlot, kwhBySlot: { ...unadjustedKwhBySlot } };
  }
  const today = wattHours(todayKwh);
  const kept = dates
    .map((date, d) => ({ date, d, produced: frozen.sun.producedKwh[d]! }))
    .map((day) => ({ ...day, distance: Math.abs(wattHours(day.produced) - today) }))
    .sort((a, b) => a.distance - b.distance || (a.date < b.date ? 1 : -1))
    .slice(0, Math.min(SUN_MATCHED_DAYS, dates.length))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const drawOf = (d: number, i: number) => frozen.sun.eventDaysKwh[d * n + i]!;
  event.slots.forEach((slot, i) => {
    unadjustedKwhBySlot[slot] = kept.reduce((sum, k) => sum + drawOf(k.d, i), 0) / kept.length;
  });
  const totals = kept.map((k) => event.slots.reduce((sum, _, i) => sum + drawOf(k.d, i), 0));
  const produced = kept.map((k) => k.produced);
  const sun: SunFigures = { todayKwh, fromKwh: Math.min(...produced), toKwh: Math.max(...produced), ofDays: dates.length };
  return {
    ok: true,
    eventDate: event.date,
    kind: frozen.kind,
    // Most recent first, as every baseline lists its days; σ's day count is theirs.
    days: kept.map((k) => k.date).reverse(),
    adjustment: { ...adjustment, sun },
    slots: event.slots,
    unadjustedKwhBySlot,
    kwhBySlot: { ...unadjustedKwhBySlot },
    noiseKwh: eventWindowNoiseKwh(totals),
  };
}
