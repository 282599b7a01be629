/**
 * An event's window as a member reads it, in their own time zone and language: "6–7 p.m."
 * (en-CA), "18 h – 19 h" (fr-CA), "18–19" (es). Intl's range format carries each locale's own
 * conventions (where the day period goes, spaces around the dash); minutes appear only when an
 * end is not on the hour, so the usual whole-hour event reads as short as possible.
 */

import { localParts, wallClock } from './local-time';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formats wall clocks (`wallClock`), so the zone's offsets are local-time's, not Intl's own data. */
function formatter(locale: string, withMinutes: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withMinutes}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', ...(withMinutes ? { minute: '2-digit' } : {}) });
    formatters.set(key, f);
  }
  return f;
}

export function formatEventWindow(start: Date, end: Date, timeZone: string, locale: string): string {
  // Minutes past the hour in the zone, not UTC: Newfoundland's hours start on the half hour.
  const withMinutes = localParts(start, timeZone).minute !== 0 || localParts(end, timeZone).minute !== 0;
  return formatter(locale, withMinutes).formatRange(wallClock(start, timeZone), wallClock(end, timeZone));
}
