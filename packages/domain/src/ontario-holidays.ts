import type { LocalDate } from './local-time';
import { addDays, formatLocalDate, isoWeekday, isWeekend } from './local-time';

/**
 * Holidays on which Ontario time-of-use and ultra-low overnight plans charge weekend prices
 * all day. The OEB's holiday schedule for TOU/ULO prices lists ten days — New Year's Day,
 * Family Day, Good Friday, Victoria Day, Canada Day, Civic Holiday, Labour Day, Thanksgiving,
 * Christmas Day and Boxing Day — each moved to the next weekday that is not already a holiday
 * when it falls on a weekend. The Civic Holiday is on the OEB list even though it is not a
 * statutory holiday under the Employment Standards Act; Easter Monday, Remembrance Day and the
 * National Day for Truth and Reconciliation are not.
 * Sources: the OEB holiday schedule as republished by Bluewater Power (2017: Monday January 2,
 * Monday July 3 for Canada Day) and the OEFC holiday calendar at oefc.on.ca/ppa_schedule.html
 * (2021–2026, same list and weekend rule, e.g. Christmas 2021 on Monday December 27 and Boxing
 * Day on Tuesday December 28), both read 2026-11.
 */
export type OntarioHoliday = { name: string; date: LocalDate };

/** The n-th (1-based) given ISO weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): LocalDate {
  const first = formatLocalDate(year, month, 1);
  const offset = (weekday - isoWeekday(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian (Meeus/Jones/Butcher) algorithm. */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatLocalDate(year, month, day);
}

/** Victoria Day: the last Monday before May 25. */
function victoriaDay(year: number): LocalDate {
  const may24 = formatLocalDate(year, 5, 24);
  return addDays(may24, -((isoWeekday(may24) - 1 + 7) % 7));
}

/** The OEB TOU/ULO holidays of a year, on the days they are observed. */
export function ontarioHolidays(year: number): OntarioHoliday[] {
  const actual: OntarioHoliday[] = [
    { name: "New Year's Day", date: formatLocalDate(year, 1, 1) },
    { name: 'Family Day', date: nthWeekday(year, 2, 1, 3) },
    { name: 'Good Friday', date: addDays(easterSunday(year), -2) },
    { name: 'Victoria Day', date: victoriaDay(year) },
    { name: 'Canada Day', date: formatLocalDate(year, 7, 1) },
    { name: 'Civic Holiday', date: nthWeekday(year, 8, 1, 1) },
    { name: 'Labour Day', date: nthWeekday(year, 9, 1, 1) },
    { name: 'Thanksgiving Day', date: nthWeekday(year, 10, 1, 2) },
    { name: 'Christmas Day', date: formatLocalDate(year, 12, 25) },
    { name: 'Boxing Day', date: formatLocalDate(year, 12, 26) },
  ];
  const taken = new Set<LocalDate>();
  return actual.map(({ name, date }) => {
    let observed = date;
    while (isWeekend(observed) || taken.has(observed)) observed = addDays(observed, 1);
    taken.add(observed);
    return { name, date: observed };
  });
}

/** Observed holiday dates for every year from `firstYear` to `lastYear`, both included. */
export function ontarioHolidayDates(firstYear: number, lastYear: number = firstYear): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let year = firstYear; year <= lastYear; year++) dates.push(...ontarioHolidays(year).map((h) => h.date));
  return dates;
}
