/**
 * Calendar buckets in a household's own time zone (IANA name, e.g. "America/Toronto").
 * Instants are always UTC `Date`s; a "local date" is a plain "YYYY-MM-DD" string, so calendar
 * arithmetic never goes through a time zone and cannot be shifted by DST.
 * Offsets come from Intl, unless the runtime installs a fresher source (`useZoneOffsets`): the
 * rules must run the same in the browser and on the server, so both must read the zones' current
 * rules, and a server's bundled ICU can lag them (decision 145).
 */

/** A local calendar date, "YYYY-MM-DD". */
export type LocalDate = string;

export type LocalParts = {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
};

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;

// Building a DateTimeFormat is far slower than using one; bucketing a month of 5-minute
// readings calls this thousands of times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Wall-clock fields of an instant in a time zone, straight from Intl. */
function intlParts(instant: Date, timeZone: string): LocalParts {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? NaN,
    month: fields.month ?? NaN,
    day: fields.day ?? NaN,
    hour: fields.hour ?? NaN,
    minute: fields.minute ?? NaN,
    second: fields.second ?? NaN,
  };
}

/** Intl's own offset for the zone at the instant (its bundled data, whatever source is installed). */
export function intlOffsetMs(ms: number, timeZone: string): number {
  const p = intlParts(new Date(ms), timeZone);
  // Intl drops milliseconds, so compare with the instant truncated to the second.
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * A source of UTC offsets (local − UTC, ms) at an instant, for a zone it knows; undefined for one it
 * does not, which Intl then answers. The server installs its system's zone data (decision 145).
 */
export type ZoneOffsets = (ms: number, timeZone: string) => number | undefined;
let zoneOffsets: ZoneOffsets | null = null;

/** Installs (or with null removes) the offset source every conversion here reads; cached offsets are dropped. */
export function useZoneOffsets(source: ZoneOffsets | null): void {
  zoneOffsets = source;
  offsetCache.clear();
}

function sourcedOffsetMs(ms: number, timeZone: string): number {
  const offset = zoneOffsets?.(ms, timeZone);
  return offset ?? intlOffsetMs(ms, timeZone);
}

/*
 * Intl costs tens of microseconds a call and a year of daily buckets needs thousands, so the
 * offset is read from Intl once per zone and UTC day and then reused: the offset at the day's
 * first and last second, and when they differ (a DST change), the second it changes, found by
 * bisection. This assumes at most one offset change per UTC day, true of every zone in use.
 */
type DayOffset = number | { at: number; before: number; after: number };
const OFFSET_CACHE_LIMIT = 100_000;
const offsetCache = new Map<string, Map<number, DayOffset>>();

function dayOffset(day: number, timeZone: string): DayOffset {
  const start = day * MS_PER_DAY;
  const last = start + MS_PER_DAY - 1000;
  const before = sourcedOffsetMs(start, timeZone);
  const after = sourcedOffsetMs(last, timeZone);
  if (before === after) return before;
  let lo = start;
  let hi = last;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (sourcedOffsetMs(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return { at: hi, before, after };
}

function offsetAt(ms: number, timeZone: string): number {
  const day = Math.floor(ms / MS_PER_DAY);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    formatterFor(timeZone); // an unknown zone throws here, before anything is cached
    offsetCache.set(timeZone, (zone = new Map()));
  }
  let entry = zone.get(day);
  if (entry === undefined) {
    if (zone.size >= OFFSET_CACHE_LIMIT) zone.clear();
    entry = dayOffset(day, timeZone);
    zone.set(day, entry);
  }
  return typeof entry === 'number' ? entry : ms < entry.at ? entry.before : entry.after;
}

/** Wall-clock fields of an instant in a time zone. Throws RangeError for an unknown zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) return intlParts(instant, timeZone);
  const wall = new Date(ms + offsetAt(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** UTC offset in milliseconds (local − UTC) at an instant, e.g. −4 h for EDT. */
export function utcOffsetMs(instant: Date, timeZone: string): number {
  const ms = instant.getTime();
  return Number.isFinite(ms) ? offsetAt(ms, timeZone) : intlOffsetMs(ms, timeZone);
}

/**
 * The instant's wall clock in the zone as a Date whose UTC fields read it: formatted by Intl with
 * timeZone 'UTC', it shows the zone's time by the offsets above, not Intl's own zone data (which on
 * a server can lag the zone's rules, decision 145). Never for arithmetic: it is not the instant.
 */
export function wallClock(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + utcOffsetMs(instant, timeZone));
}

/** Is `timeZone` an IANA zone this runtime knows? */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatLocalDate(year: number, month: number, day: number): LocalDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function parseLocalDate(date: LocalDate): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a local date (YYYY-MM-DD): ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The local calendar date of an instant; also the day bucket key. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const p = localParts(instant, timeZone);
  return formatLocalDate(p.year, p.month, p.day);
}

/** Day bucket key: the local date. */
export const dayBucketKey = localDateOf;

/** Pure calendar arithmetic on local dates (no time zone involved). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = parseLocalDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return formatLocalDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** ISO day of week: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
  const { year, month, day } = parseLocalDate(date);
  const sundayZero = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

export function isWeekend(date: LocalDate): boolean {
  return isoWeekday(date) >= 6;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / MS_PER_DAY);
}

/**
 * The UTC instant of a local wall-clock time. A time skipped by a spring-forward gap is moved
 * forward by the gap (02:30 → 03:30); a repeated fall-back time resolves to its first occurrence.
 */
export function zonedTimeToUtc(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const { year, month, day } = parseLocalDate(date);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two rounds of "guess the offset, re-read it" settle on the right side of any transition.
  const before = utcOffsetMs(new Date(wall - 12 * MS_PER_HOUR), timeZone);
  const after = utcOffsetMs(new Date(wall + 12 * MS_PER_HOUR), timeZone);
  const candidates = [wall - before, wall - after]
    .filter((t) => localWallMs(t, timeZone) === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return new Date(first);
  // In a gap the wall time never happens; move it forward by the gap length (Temporal's
  // "compatible" choice), so a midnight that is skipped starts the day at the transition.
  return new Date(Math.max(wall - before, wall - after));
}

function localWallMs(t: number, timeZone: string): number {
  return t + utcOffsetMs(new Date(t), timeZone);
}

/** UTC instant at which a local date begins. */
export function startOfLocalDate(date: LocalDate, timeZone: string): Date {
  return zonedTimeToUtc(date, 0, 0, timeZone);
}

/** Start of the local day containing the instant. */
export function startOfLocalDay(instant: Date, timeZone: string): Date {
  return startOfLocalDate(localDateOf(instant, timeZone), timeZone);
}

/** Start of the local week (weeks start on Monday) containing the instant. */
export function startOfLocalWeek(instant: Date, timeZone: string): Date {
  const date = localDateOf(instant, timeZone);
  return startOfLocalDate(addDays(date, 1 - isoWeekday(date)), timeZone);
}

/** Start of the local calendar month containing the instant. */
export function startOfLocalMonth(instant: Date, timeZone: string): Date {
  const p = localParts(instant, timeZone);
  return startOfLocalDate(formatLocalDate(p.year, p.month, 1), timeZone);
}

/**
 * Start of the local clock hour containing the instant. Not simply the UTC hour: Newfoundland
 * (UTC−3:30) hours start on the half hour.
 */
export function startOfLocalHour(instant: Date, timeZone: string): Date {
  const p = localParts(instant, timeZone);
  const intoHourMs = (p.minute * 60 + p.second) * 1000 + (instant.getTime() % 1000 + 1000) % 1000;
  return new Date(instant.getTime() - intoHourMs);
}

/**
 * Hour bucket key: local date and hour with the UTC offset, e.g. "2026-11-01T01:00-04:00".
 * The offset keeps the repeated 1 a.m. hour on a fall-back day as two buckets, not one.
 */
export function hourBucketKey(instant: Date, timeZone: string): string {
  const start = startOfLocalHour(instant, timeZone);
  const p = localParts(start, timeZone);
  const offsetMinutes = Math.round(utcOffsetMs(start, timeZone) / MS_PER_MINUTE);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${formatLocalDate(p.year, p.month, p.day)}T${pad(p.hour)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export type LocalDay = {
  date: LocalDate;
  /** UTC instant the local day begins. */
  start: Date;
  /** UTC instant the next local day begins. */
  end: Date;
  /** 23, 24 or 25 in Canadian zones around DST changes. */
  hours: number;
};

/** One local date with its UTC bounds. */
export function localDay(date: LocalDate, timeZone: string): LocalDay {
  const [start, end] = localDayBounds(date, timeZone);
  return { date, start: new Date(start), end: new Date(end), hours: (end - start) / MS_PER_HOUR };
}

/** The UTC bounds of a local date in epoch ms, [start, end): localDay without allocating. */
export function localDayBounds(date: LocalDate, timeZone: string): readonly [number, number] {
  // A year of daily buckets cuts 365 days per chart read; the bounds never change, so keep them
  // (per zone, so a lookup hashes the date string as it is instead of a new concatenated key).
  let zone = dayBoundsCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    dayBoundsCache.set(timeZone, zone);
  }
  let bounds = zone.get(date);
  if (!bounds) {
    if (zone.size >= DAY_BOUNDS_CACHE_LIMIT) zone.clear();
    bounds = [startOfLocalDate(date, timeZone).getTime(), startOfLocalDate(addDays(date, 1), timeZone).getTime()];
    zone.set(date, bounds);
  }
  return bounds;
}

/** Per zone: about 137 years of days. */
const DAY_BOUNDS_CACHE_LIMIT = 50_000;
const dayBoundsCache = new Map<string, Map<LocalDate, readonly [number, number]>>();

/**
 * The local days overlapping the half-open range [start, end): contiguous, the first one
 * containing `start`, the last one containing the instant just before `end`.
 */
export function localDaysInRange(start: Date, end: Date, timeZone: string): LocalDay[] {
  if (!(end.getTime() > start.getTime())) return [];
  const first = localDateOf(start, timeZone);
  const last = localDateOf(new Date(end.getTime() - 1), timeZone);
  return localDatesInRange(first, last).map((date) => localDay(date, timeZone));
}

/** Every local date from `first` to `last`, both included. */
export function localDatesInRange(first: LocalDate, last: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  if (first > last) return dates;
  // Calendar days are UTC days of the same date: step the UTC date instead of re-parsing each one.
  const { year, month, day } = parseLocalDate(first);
  const cursor = new Date(Date.UTC(year, month - 1, day));
  for (let date = first; date <= last; ) {
    dates.push(date);
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    date = formatLocalDate(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, cursor.getUTCDate());
  }
  return dates;
}
