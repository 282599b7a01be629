/**
 * Calendar days (YYYY-MM-DD in the household's zone, as the API sends them). They are counted at
 * noon UTC so no time zone or daylight-saving change can shift a day.
 */
const DAY_MS = 86_400_000;
const noonUtc = (date: string) => Date.parse(`${date}T12:00:00Z`);

/** Whole days from `from` to `to` (negative when `to` is earlier); NaN for a malformed date. */
export const daysBetween = (from: string, to: string): number => Math.round((noonUtc(to) - noonUtc(from)) / DAY_MS);

export const addDays = (date: string, days: number): string => new Date(noonUtc(date) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * "today", "tomorrow", "in 5 days", "3 days ago" in the UI language. Past two months it counts
 * months, past two years years: "in 400 days" is harder to read than "in 1 year".
 */
export function formatRelativeDays(days: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const size = Math.abs(days);
  if (size < 60) return format.format(days, 'day');
  if (size < 730) return format.format(Math.round(days / 30.4375), 'month');
  return format.format(Math.round(days / 365.25), 'year');
}

/** How far `date` is from `today`, both calendar days. */
export const formatRelativeDate = (date: string, today: string, locale: string) => formatRelativeDays(daysBetween(today, date), locale);
