/**
 * Household-local wall-clock time. Behaviour (breakfast, commutes, TV) follows the local clock,
 * including daylight-saving jumps, so schedules are keyed on the local date and minute of day.
 */

import { DAY_MS } from './prng';

export interface LocalTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** Minutes since local midnight, 0–1439. */
  minuteOfDay: number;
  /** Days since 1970-01-01 of the local calendar date; a stable key for a household's day. */
  dayNumber: number;
  /** 1–366 */
  dayOfYear: number;
  /** Local time minus UTC, minutes (−240 for EDT). */
  offsetMinutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Intl costs several microseconds a call, so offsets are resolved once per UTC day: if the
 * offset is the same at both ends of the day the whole day shares it (zones change at most once
 * a day); otherwise the change minute is found by bisection.
 */
interface DayOffsets {
  start: number;
  end: number;
  /** First UTC ms at which `end` applies. */
  changeMs: number;
}
const offsetCache = new Map<string, DayOffsets>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function computeOffsetMinutes(utcMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(utcMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
  );
  const flooredUtc = Math.floor(utcMs / 60_000) * 60_000;
  return Math.round((asUtc - flooredUtc) / 60_000);
}

/** UTC offset of `timeZone` at an instant, minutes (local − UTC). */
export function utcOffsetMinutes(utcMs: number, timeZone: string): number {
  const day = Math.floor(utcMs / DAY_MS);
  const key = `${timeZone}|${day}`;
  let offsets = offsetCache.get(key);
  if (!offsets) {
    offsets = dayOffsets(day * DAY_MS, timeZone);
    if (offsetCache.size > 20_000) offsetCache.clear();
    offsetCache.set(key, offsets);
  }
  return utcMs < offsets.changeMs ? offsets.start : offsets.end;
}

function dayOffsets(dayStartMs: number, timeZone: string): DayOffsets {
  const start = computeOffsetMinutes(dayStartMs, timeZone);
  const end = computeOffsetMinutes(dayStartMs + DAY_MS - 60_000, timeZone);
  if (start === end) return { start, end, changeMs: dayStartMs };
  let lo = dayStartMs; // offset === start
  let hi = dayStartMs + DAY_MS - 60_000; // offset === end
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (computeOffsetMinutes(mid, timeZone) === start) lo = mid;
    else hi = mid;
  }
  return { start, end, changeMs: hi };
}

export function localTime(utcMs: number, timeZone: string): LocalTime {
  const offsetMinutes = utcOffsetMinutes(utcMs, timeZone);
  const localMs = utcMs + offsetMinutes * 60_000;
  const d = new Date(localMs);
  const year = d.getUTCFullYear();
  const dayNumber = Math.floor(localMs / DAY_MS);
  return {
    year,
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    minuteOfDay: Math.floor((localMs - dayNumber * DAY_MS) / 60_000),
    dayNumber,
    dayOfYear: dayNumber - Math.floor(Date.UTC(year, 0, 1) / DAY_MS) + 1,
    offsetMinutes,
  };
}

/**
 * The UTC half-open range [fromMs, toMs) of one local calendar day ("2026-11-01"), which is 23,
 * 24 or 25 hours long. Canadian zones change clocks at 02:00 local, never at midnight, so one
 * correction step finds each midnight exactly.
 */
export function localDayRangeUtc(localDate: string, timeZone: string): { fromMs: number; toMs: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDate);
  if (!match) throw new RangeError(`Expected YYYY-MM-DD, got "${localDate}"`);
  const wallMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const midnightUtc = (wall: number): number => {
    const guess = wall - utcOffsetMinutes(wall, timeZone) * 60_000;
    return wall - utcOffsetMinutes(guess, timeZone) * 60_000;
  };
  return { fromMs: midnightUtc(wallMidnight), toMs: midnightUtc(wallMidnight + DAY_MS) };
}
