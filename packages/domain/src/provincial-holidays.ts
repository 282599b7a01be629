import type { LocalDate } from './local-time';
import { addDays, formatLocalDate, isoWeekday, isWeekend } from './local-time';
import type { ProvinceCode } from './postal-code';

/**
 * Provincial holidays of the provinces Peakwise serves, computed by rule for any year, on the
 * day they are observed. Tariffs treat them as weekend days (Ontario TOU/ULO), and the event
 * baseline leaves them out of weekday baselines. What each list holds, and the sources, are in
 * docs/decisions/029-event-baseline-and-points.md.
 *
 * Ontario is the OEB's TOU/ULO holiday schedule: the nine Employment Standards Act public
 * holidays plus the Civic Holiday, each moved to the next weekday not already a holiday when it
 * falls on a weekend. The tariff engine needs exactly that list, and for the baseline it is the
 * set of days Ontario households spend like a weekend.
 */
export type Holiday = { name: string; date: LocalDate };

export const HOLIDAY_PROVINCES = ['ON', 'BC', 'AB', 'QC'] as const satisfies readonly ProvinceCode[];
export type HolidayProvince = (typeof HOLIDAY_PROVINCES)[number];

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

/** The last Monday before May 25: Victoria Day, and in Québec the Journée nationale des patriotes. */
function mondayBeforeMay25(year: number): LocalDate {
  const may24 = formatLocalDate(year, 5, 24);
  return addDays(may24, -((isoWeekday(may24) - 1 + 7) % 7));
}

/** A date that moves to the next day when it is a Sunday (Canada Day; Québec's June 24). */
function sundayToMonday(date: LocalDate): LocalDate {
  return isoWeekday(date) === 7 ? addDays(date, 1) : date;
}

const fixed = (year: number, month: number, day: number) => formatLocalDate(year, month, day);

function ontario(year: number): Holiday[] {
  const actual: Holiday[] = [
    { name: "New Year's Day", date: fixed(year, 1, 1) },
    ...(year >= 2008 ? [{ name: 'Family Day', date: nthWeekday(year, 2, 1, 3) }] : []),
    { name: 'Good Friday', date: addDays(easterSunday(year), -2) },
    { name: 'Victoria Day', date: mondayBeforeMay25(year) },
    { name: 'Canada Day', date: fixed(year, 7, 1) },
    { name: 'Civic Holiday', date: nthWeekday(year, 8, 1, 1) },
    { name: 'Labour Day', date: nthWeekday(year, 9, 1, 1) },
    { name: 'Thanksgiving Day', date: nthWeekday(year, 10, 1, 2) },
    { name: 'Christmas Day', date: fixed(year, 12, 25) },
    { name: 'Boxing Day', date: fixed(year, 12, 26) },
  ];
  // The OEB moves a weekend holiday to the next weekday that is not already one.
  const taken = new Set<LocalDate>();
  return actual.map(({ name, date }) => {
    let observed = date;
    while (isWeekend(observed) || taken.has(observed)) observed = addDays(observed, 1);
    taken.add(observed);
    return { name, date: observed };
  });
}

function britishColumbia(year: number): Holiday[] {
  // Family Day: second Monday of February 2013–2018, third Monday from 2019.
  const familyDay = year >= 2019 ? [nthWeekday(year, 2, 1, 3)] : year >= 2013 ? [nthWeekday(year, 2, 1, 2)] : [];
  return [
    { name: "New Year's Day", date: fixed(year, 1, 1) },
    ...familyDay.map((date) => ({ name: 'Family Day', date })),
    { name: 'Good Friday', date: addDays(easterSunday(year), -2) },
    { name: 'Victoria Day', date: mondayBeforeMay25(year) },
    { name: 'Canada Day', date: sundayToMonday(fixed(year, 7, 1)) },
    { name: 'B.C. Day', date: nthWeekday(year, 8, 1, 1) },
    { name: 'Labour Day', date: nthWeekday(year, 9, 1, 1) },
    ...(year >= 2023 ? [{ name: 'National Day for Truth and Reconciliation', date: fixed(year, 9, 30) }] : []),
    { name: 'Thanksgiving Day', date: nthWeekday(year, 10, 1, 2) },
    { name: 'Remembrance Day', date: fixed(year, 11, 11) },
    { name: 'Christmas Day', date: fixed(year, 12, 25) },
  ];
}

function alberta(year: number): Holiday[] {
  return [
    { name: "New Year's Day", date: fixed(year, 1, 1) },
    { name: 'Alberta Family Day', date: nthWeekday(year, 2, 1, 3) },
    { name: 'Good Friday', date: addDays(easterSunday(year), -2) },
    { name: 'Victoria Day', date: mondayBeforeMay25(year) },
    { name: 'Canada Day', date: sundayToMonday(fixed(year, 7, 1)) },
    // Optional in Alberta, but the August long weekend every other served province except
    // Québec has too: most households spend it like a weekend.
    { name: 'Heritage Day', date: nthWeekday(year, 8, 1, 1) },
    { name: 'Labour Day', date: nthWeekday(year, 9, 1, 1) },
    { name: 'Thanksgiving Day', date: nthWeekday(year, 10, 1, 2) },
    { name: 'Remembrance Day', date: fixed(year, 11, 11) },
    { name: 'Christmas Day', date: fixed(year, 12, 25) },
  ];
}

function quebec(year: number): Holiday[] {
  const easter = easterSunday(year);
  return [
    { name: 'Jour de l’An', date: fixed(year, 1, 1) },
    // The employer chooses Good Friday or Easter Monday, so each is a day off for many homes.
    { name: 'Vendredi saint', date: addDays(easter, -2) },
    { name: 'Lundi de Pâques', date: addDays(easter, 1) },
    { name: 'Journée nationale des patriotes', date: mondayBeforeMay25(year) },
    { name: 'Fête nationale du Québec', date: sundayToMonday(fixed(year, 6, 24)) },
    { name: 'Fête du Canada', date: sundayToMonday(fixed(year, 7, 1)) },
    { name: 'Fête du Travail', date: nthWeekday(year, 9, 1, 1) },
    { name: 'Action de grâce', date: nthWeekday(year, 10, 1, 2) },
    { name: 'Noël', date: fixed(year, 12, 25) },
  ];
}

const BY_PROVINCE: Record<HolidayProvince, (year: number) => Holiday[]> = {
  ON: ontario,
  BC: britishColumbia,
  AB: alberta,
  QC: quebec,
};

export function isHolidayProvince(province: string): province is HolidayProvince {
  return (HOLIDAY_PROVINCES as readonly string[]).includes(province);
}

/** A province's holidays of a year, on the days they are observed, in calendar order. */
export function provincialHolidays(province: HolidayProvince, year: number): Holiday[] {
  return BY_PROVINCE[province](year);
}

/** Observed holiday dates for every year from `firstYear` to `lastYear`, both included. */
export function provincialHolidayDates(province: HolidayProvince, firstYear: number, lastYear: number = firstYear): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let year = firstYear; year <= lastYear; year++) dates.push(...provincialHolidays(province, year).map((h) => h.date));
  return dates;
}
