import { addDays, isWeekend, localDateOf } from '@peakwise/domain/local-time';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';

/** Test support: ordinary Ontario weekdays to put a baseline's history on, away from holidays. */
const ZONE = 'America/Toronto';

const holidaysNear = (date: string) => new Set(provincialHolidayDates('ON', Number(date.slice(0, 4)) - 1, Number(date.slice(0, 4))));

/** A weekday three or more days ago that is not an Ontario holiday. */
export function recentWeekday(): string {
  let date = addDays(localDateOf(new Date(), ZONE), -3);
  const holidays = holidaysNear(date);
  while (isWeekend(date) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

/** The `count` weekdays before `date` that are not holidays, most recent first. */
export function weekdaysBefore(date: string, count: number): string[] {
  const holidays = holidaysNear(date);
  const days: string[] = [];
  for (let d = addDays(date, -1); days.length < count; d = addDays(d, -1)) if (!isWeekend(d) && !holidays.has(d)) days.push(d);
  return days;
}
