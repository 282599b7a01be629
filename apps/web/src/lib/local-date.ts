import { daysBetween } from '@peakwise/domain/local-time';

// Calendar days (YYYY-MM-DD in the household's zone, as the API sends them); the arithmetic is the
// domain's, the same the server cuts days with.

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
