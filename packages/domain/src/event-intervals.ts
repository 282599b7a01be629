import type { LocalDate } from './local-time';
import { addDays, formatLocalDate, localDayBounds, localParts, utcOffsetMs, zonedTimeToUtc } from './local-time';
import { HOUR_MS } from './time-constants';

/**
 * Metered use in local-time 5-minute slots, the unit Energy Saving Event baselines are computed
 * in (docs/decisions/029-event-baseline-and-points.md).
 *
 * A slot is keyed by the local clock time it starts at ("18:05"), so "the same interval" on
 * another day is the same wall-clock time, whatever the UTC offset. A DST day is not 288 slots:
 * the spring-forward day has 276 (02:00–02:55 never happen) and the fall-back day 300, the
 * repeated hour's second pass keyed "01:05#2" so it neither overwrites nor doubles the first.
 *
 * An event that crosses local midnight belongs to the day it starts on; its slots after midnight
 * are keyed with NEXT_DAY_MARK ("00:05+1"), and on every day, history or event day, such a key
 * reads the following calendar day's "00:05" (docs/decisions/102-points-rule-by-measurement.md).
 */

export const SLOT_MINUTES = 5;
const SLOT_MS = SLOT_MINUTES * 60_000;
const REPEAT_MARK = '#2';
export const NEXT_DAY_MARK = '+1';

/** kWh per slot key of one local day. A missing key is missing data, never zero. */
export type SlotReadings = Readonly<Record<string, number>>;

/** Slot readings per local date. */
export type DayReadings = ReadonlyMap<LocalDate, SlotReadings>;

/** One metered interval: the instant it starts and its kWh. */
export type Interval = { start: Date; kwh: number };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Slot keys already worked out, per zone and slot start. A slot's key depends on nothing else,
 * and settling an event keys tens of millions of readings across households that share a few
 * zones and the same days (docs/decisions/038-set-based-settlement-and-live-scorecard.md), where
 * the Intl lookup behind each key is most of the cost. Cleared when it grows large.
 */
const slotCache = new Map<string, Map<number, Readonly<{ date: LocalDate; slot: string }>>>();
const SLOT_CACHE_MAX = 200_000;
let slotCacheSize = 0;

/** The local date and slot key of the 5-minute slot holding an instant. */
export function slotOf(instant: Date, timeZone: string): Readonly<{ date: LocalDate; slot: string }> {
  return slotAt(instant.getTime(), timeZone);
}

function slotAt(instantMs: number, timeZone: string): Readonly<{ date: LocalDate; slot: string }> {
  const ms = Math.floor(instantMs / SLOT_MS) * SLOT_MS;
  let zone = slotCache.get(timeZone);
  const cached = zone?.get(ms);
  if (cached) return cached;
  const key = Object.freeze(slotKeyOf(ms, timeZone));
  if (slotCacheSize >= SLOT_CACHE_MAX) {
    slotCache.clear();
    slotCacheSize = 0;
    zone = undefined;
  }
  if (!zone) slotCache.set(timeZone, (zone = new Map()));
  zone.set(ms, key);
  slotCacheSize++;
  return key;
}

function slotKeyOf(ms: number, timeZone: string): { date: LocalDate; slot: string } {
  const p = localParts(new Date(ms), timeZone);
  const minute = p.minute - (p.minute % SLOT_MINUTES);
  const date = formatLocalDate(p.year, p.month, p.day);
  const clock = `${pad(p.hour)}:${pad(minute)}`;
  // Only within a few hours after an offset change can a clock time come round again (a
  // history of 17 000 slots per household is keyed here, so skip the check elsewhere).
  if (utcOffsetMs(new Date(ms - 3 * HOUR_MS), timeZone) === utcOffsetMs(new Date(ms), timeZone)) return { date, slot: clock };
  // zonedTimeToUtc resolves a repeated clock time to its first pass; anything else is the second.
  const firstPass = zonedTimeToUtc(date, p.hour, minute, timeZone).getTime();
  return { date, slot: firstPass === ms - (p.minute % SLOT_MINUTES) * 60_000 ? clock : clock + REPEAT_MARK };
}

/**
 * The clock time of a slot key: "01:05#2" → "01:05", "01:05#2+1" → "01:05+1". History aligns on
 * it (a history day's "same interval" is the first pass).
 */
export function clockOf(slot: string): string {
  return slot.includes(REPEAT_MARK) ? slot.replace(REPEAT_MARK, '') : slot;
}

/**
 * The kWh of a slot key on a day: a key marked for the next day ("00:05+1") reads the following
 * calendar day's "00:05". Undefined when missing.
 */
export function readingAt(readings: DayReadings, date: LocalDate, slot: string): number | undefined {
  if (!slot.endsWith(NEXT_DAY_MARK)) return readings.get(date)?.[slot];
  return readings.get(addDays(date, 1))?.[slot.slice(0, -NEXT_DAY_MARK.length)];
}

/**
 * The readings of an event day as one record: the day's own slots, and the next calendar day's
 * under next-day keys, for an event that runs past midnight. The day's record itself when the
 * next day holds nothing (no event that crosses midnight reads it), so the usual case copies nothing.
 */
export function eventDayReadings(readings: DayReadings, date: LocalDate): SlotReadings | undefined {
  const next = readings.get(addDays(date, 1));
  if (!next) return readings.get(date);
  const merged: Record<string, number> = { ...readings.get(date) };
  for (const [slot, kwh] of Object.entries(next)) merged[slot + NEXT_DAY_MARK] = kwh;
  return merged;
}

/** Slot keys of the instants in [start, end), in time order. */
function slotsFromTo(startMs: number, endMs: number, timeZone: string): { date: LocalDate; slot: string }[] {
  const slots: { date: LocalDate; slot: string }[] = [];
  for (let t = Math.floor(startMs / SLOT_MS) * SLOT_MS; t < endMs; t += SLOT_MS) slots.push(slotOf(new Date(t), timeZone));
  return slots;
}

/** Every slot key a local day has: 288, or 276 / 300 on DST days. */
export function daySlots(date: LocalDate, timeZone: string): string[] {
  const [start, end] = localDayBounds(date, timeZone);
  return slotsFromTo(start, end, timeZone).map((s) => s.slot);
}

/**
 * Raw intervals grouped into local days and slots. Several readings in one slot add up (a meter
 * reporting every minute); a reading that is not a finite number is missing data and left out.
 */
export function readingsByDay(intervals: Iterable<Interval>, timeZone: string): Map<LocalDate, Record<string, number>> {
  const days = new Map<LocalDate, Record<string, number>>();
  for (const { start, kwh } of intervals) addReading(days, start.getTime(), kwh, timeZone);
  return days;
}

/**
 * `readingsByDay` for readings given as two parallel lists (start instants in ms, kWh), as a
 * settlement reads them: the same grouping, without a Date and an object per reading.
 */
export function readingsByDayFromLists(startMs: readonly number[], kwh: readonly number[], timeZone: string): Map<LocalDate, Record<string, number>> {
  const days = new Map<LocalDate, Record<string, number>>();
  for (let i = 0; i < startMs.length; i++) addReading(days, startMs[i]!, kwh[i]!, timeZone);
  return days;
}

function addReading(days: Map<LocalDate, Record<string, number>>, startMs: number, kwh: number, timeZone: string) {
  if (!Number.isFinite(kwh)) return;
  const { date, slot } = slotAt(startMs, timeZone);
  let day = days.get(date);
  if (!day) days.set(date, (day = {}));
  day[slot] = (day[slot] ?? 0) + kwh;
}

/** A run of slots on one local day. */
export type DaySlots = { date: LocalDate; slots: string[] };

/**
 * The slots of an event, [start, end), on the local day it starts. Slots after local midnight are
 * keyed for the next day ("00:05+1"), so a baseline compares the same two day-parts of other
 * days. Null when it is empty or reaches a third local day.
 */
export function eventSlots(start: Date, end: Date, timeZone: string): DaySlots | null {
  const slots = slotsFromTo(start.getTime(), end.getTime(), timeZone);
  const date = slots[0]?.date;
  if (date === undefined) return null;
  const next = addDays(date, 1);
  const keys: string[] = [];
  for (const s of slots) {
    if (s.date === date) keys.push(s.slot);
    else if (s.date === next) keys.push(s.slot + NEXT_DAY_MARK);
    else return null;
  }
  return { date, slots: keys };
}

/** How long the same-day adjustment window lasts. */
export const ADJUSTMENT_WINDOW_MINUTES = 180;

/**
 * The same-day adjustment window: the three hours ending `gapMinutes` before the start. The time
 * just before is left out so pre-cooling or pre-heating for the event does not inflate the
 * baseline: an hour under decision 101, two hours for rows frozen since decision 138 (a 90-minute
 * pre-cool reached into the window ending an hour before, decision 133). Null when the window
 * reaches into the previous local day (an event before 4 a.m., or 5 a.m. with the 2-hour gap).
 */
export function adjustmentWindowSlots(eventStart: Date, timeZone: string, gapMinutes: number): DaySlots | null {
  const startMs = Math.floor(eventStart.getTime() / SLOT_MS) * SLOT_MS;
  const gapMs = gapMinutes * 60_000;
  const window = oneDay(slotsFromTo(startMs - gapMs - ADJUSTMENT_WINDOW_MINUTES * 60_000, startMs - gapMs, timeZone));
  return window && window.date === slotOf(eventStart, timeZone).date ? window : null;
}

function oneDay(slots: readonly { date: LocalDate; slot: string }[]): DaySlots | null {
  const date = slots[0]?.date;
  if (date === undefined || slots.some((s) => s.date !== date)) return null;
  return { date, slots: slots.map((s) => s.slot) };
}
