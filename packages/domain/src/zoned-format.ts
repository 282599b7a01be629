import { intlOffsetMs, utcOffsetMs, wallClock } from './local-time';

/**
 * Dates and times on a household's clock in words, by local-time's offsets rather than Intl's own
 * zone data (decision 145): Intl formats the wall clock in UTC. The zone's short name is Intl's
 * ("EST") when Intl's offset for the instant agrees with ours, else "UTC−7": a name from data
 * that disagrees would name the old rule.
 */
export function formatInZone(instant: Date, timeZone: string, locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>, withZoneName = false): string {
  const text = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(wallClock(instant, timeZone));
  return withZoneName ? `${text} ${zoneName(instant, timeZone, locale)}` : text;
}

function zoneName(instant: Date, timeZone: string, locale: string): string {
  const offset = utcOffsetMs(instant, timeZone);
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short', hour: 'numeric' }).formatToParts(instant);
  const intlName = parts.find((p) => p.type === 'timeZoneName')?.value;
  if (intlName && intlOffsetMs(instant.getTime(), timeZone) === offset) return intlName;
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const clock = minutes % 60 === 0 ? `${minutes / 60}` : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  return `UTC${offset < 0 ? '−' : '+'}${clock}`;
}
