/**
 * An event's window as a member reads it, in their own time zone and language: "6–7 p.m."
 * (en-CA), "18 h – 19 h" (fr-CA), "18–19" (es). Intl's range format carries each locale's own
 * conventions (where the day period goes, spaces around the dash); minutes appear only when an
 * end is not on the hour, so the usual whole-hour event reads as short as possible.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string, withMinutes: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withMinutes}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', ...(withMinutes ? { minute: '2-digit' } : {}) });
    formatters.set(key, f);
  }
  return f;
}

/** Minutes past the hour in the zone (not UTC: Newfoundland's hours start on the half hour). */
function minutesPastHour(instant: Date, timeZone: string): number {
  const part = formatter('en-CA', timeZone, true).formatToParts(instant).find((p) => p.type === 'minute');
  return Number(part?.value ?? 0);
}

export function formatEventWindow(start: Date, end: Date, timeZone: string, locale: string): string {
  const withMinutes = minutesPastHour(start, timeZone) !== 0 || minutesPastHour(end, timeZone) !== 0;
  return formatter(locale, timeZone, withMinutes).formatRange(start, end);
}
