import { useTranslation } from 'react-i18next';

/** Shown wherever a value is missing or undefined (null from the API): never 0, NaN or Infinity. */
export const MISSING = '—';

/** The Intl locale for a UI language: Canadian English and French, Spanish as is. */
export function intlLocale(language: string | undefined): string {
  if (language?.startsWith('fr')) return 'fr-CA';
  if (language?.startsWith('es')) return 'es';
  return 'en-CA';
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

export function formatNumber(value: number | null | undefined, locale: string, digits = 1): string {
  if (!isNumber(value)) return MISSING;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

// A no-break space keeps the unit on the number's line.
export const formatKwh = (value: number | null | undefined, locale: string, digits = 1) =>
  isNumber(value) ? `${formatNumber(value, locale, digits)}\u00a0kWh` : MISSING;

export const formatKw = (value: number | null | undefined, locale: string, digits = 2) =>
  isNumber(value) ? `${formatNumber(value, locale, digits)}\u00a0kW` : MISSING;

/**
 * A device's draw in kW (the spec's unit) where a small draw does not round to a false zero: a
 * camera's 5 W reads "< 0.01 kW", not "0.00 kW".
 */
export function formatDeviceKw(value: number | null | undefined, locale: string): string {
  if (!isNumber(value)) return MISSING;
  if (value > 0 && value < 0.005) return `<\u00a0${formatKw(0.01, locale)}`;
  return formatKw(value, locale);
}

/** `value` is already in percent (12.5 → "12.5%", "12,5 %" in French). */
export function formatPercent(value: number | null | undefined, locale: string, options: { digits?: number; signed?: boolean } = {}) {
  if (!isNumber(value)) return MISSING;
  const digits = options.digits ?? 1;
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).format(value / 100);
}

/** A temperature to a tenth of a degree at most: "21.5 °C", "21,5 °C" in French. */
export function formatCelsius(value: number | null | undefined, locale: string): string {
  if (!isNumber(value)) return MISSING;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }).format(value);
}

export function formatCad(cents: number | null | undefined, locale: string): string {
  if (!isNumber(cents)) return MISSING;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' }).format(cents / 100);
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "2 minutes ago", "in 3 days", "now" — in the UI language. */
export function formatRelativeTime(iso: string | null | undefined, now: Date, locale: string): string {
  if (!iso) return MISSING;
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return MISSING;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 10) return format.format(0, 'second');
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** Bucket starts are UTC instants; label them in the household's zone. */
export const formatHour = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone }).format(new Date(iso));

export const formatTime = (iso: string, timeZone: string | undefined, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

export const formatWeekday = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone }).format(new Date(iso));

export const formatDayMonth = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone }).format(new Date(iso));

export const formatDateTime = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/** A clock time of day ("16:00", "24:00" for the end of a day) as the locale writes it: "4:00 p.m.", "16 h 00". */
export function formatClock(clock: string, locale: string): string {
  const [hours, minutes] = clock.split(':').map(Number);
  const format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const at = new Date(Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0));
  // The end of a day in a 24-hour locale is "24 h 00", not the "0 h 00" that starts the day; a
  // 12-hour locale writes it "12:00 a.m." either way.
  if (clock === '24:00' && format.resolvedOptions().hourCycle === 'h23') {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC', hourCycle: 'h24' }).format(at);
  }
  return format.format(at);
}

// A local date (YYYY-MM-DD) is a calendar day, not an instant: format it at noon UTC in UTC so
// no zone can move it to the previous or next day.
const localDate = (date: string) => new Date(`${date}T12:00:00Z`);

export const formatLocalDate = (date: string, locale: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(localDate(date));

/** A month from an instant (labelled in `timeZone`) or from a local date such as "2025-11-01". */
export function formatMonth(value: string, timeZone: string, locale: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatLocalDate(value, locale, { month: 'long', year: 'numeric' });
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone }).format(new Date(value));
}

/** The current UI language's Intl locale, re-rendering when the language changes. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.resolvedLanguage ?? i18n.language);
}
