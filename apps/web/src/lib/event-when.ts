import { formatEventWindow } from '@peakwise/domain/event-window';
import { daysBetween, localDateOf, localParts } from '@peakwise/domain/local-time';

/** Which words introduce an event's day: relative to the household's own calendar, not the browser's. */
export type EventDayKind = 'tonight' | 'today' | 'tomorrow' | 'weekday' | 'date';

export type EventWhen = {
  kind: EventDayKind;
  /** The day's name for 'weekday' ("Thursday") and 'date' ("Thursday, November 26", also any past day); '' otherwise. */
  day: string;
  /** "6–7 p.m." on the household's clock. */
  window: string;
};

// From 5 p.m. on, "today" reads as "tonight": evening peaks are when most events run.
const EVENING_HOUR = 17;
// Within a week a weekday name is unambiguous; past it the date is needed.
const WEEKDAY_DAYS = 6;

/** A sentence starts with the day name, and French and Spanish write weekdays in lower case. */
const capitalise = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/**
 * When an event runs, as a member in `timeZone` reads it: the day relative to that zone's date
 * today, and the window on that zone's clock. The browser's zone plays no part, so a member
 * travelling (or a test machine in UTC) still sees their home's evening.
 */
export function eventWhen(startsAt: string, endsAt: string, timeZone: string, now: Date, locale: string): EventWhen {
  const start = new Date(startsAt);
  const window = formatEventWindow(start, new Date(endsAt), timeZone, locale);
  const days = daysBetween(localDateOf(now, timeZone), localDateOf(start, timeZone));
  if (days === 0) return { kind: localParts(start, timeZone).hour >= EVENING_HOUR ? 'tonight' : 'today', day: '', window };
  if (days === 1) return { kind: 'tomorrow', day: '', window };
  // A past event (its result page) gets its date: "Monday" would read as the coming one.
  const weekday = days > 1 && days <= WEEKDAY_DAYS;
  const options: Intl.DateTimeFormatOptions = weekday ? { weekday: 'long', timeZone } : { weekday: 'long', month: 'long', day: 'numeric', timeZone };
  return { kind: weekday ? 'weekday' : 'date', day: capitalise(new Intl.DateTimeFormat(locale, options).format(start), locale), window };
}
