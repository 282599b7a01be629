/**
 * An event's window on one zone's clock, with the zone's short name ("EST", "HNE"), e.g.
 * "Wed, Jan 20, 2027, 6:00–8:00 p.m. EST": the operator always sees which clock a time is on.
 */
export function formatEventWindow(startsAt: string, endsAt: string, timeZone: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return format.formatRange(new Date(startsAt), new Date(endsAt));
}

/** The start alone, for labels that name an event ("the Ontario Peak Saver event of Jan 20, 6:00 p.m."). */
export function formatEventStart(startsAt: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(startsAt));
}

/** An instant in UTC, for the line under the form that says what will be sent. */
export function formatUtc(instant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
}
