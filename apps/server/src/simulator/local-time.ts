/**
 * Household-local wall-clock time. Behaviour (breakfast, commutes, TV) follows the local clock,
 * including daylight-saving jumps, so schedules are keyed on the local date and minute of day.
 * Offsets come from `@peakwise/domain/local-time` (the rules the rollups and bills use); this
 * module only caches them per UTC day and adds the fields the models need (weekday, day number,
 * minute of day). Local day bounds: `localDay` in the domain module.
 */

import { utcOffsetMs } from '@peakwise/domain/local-time';
import { DAY_MS } from '@peakwise/domain/time-constants';

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

function computeOffsetMinutes(utcMs: number, timeZone: string): number {
  return Math.round(utcOffsetMs(new Date(utcMs), timeZone) / 60_000);
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
