import { describe, expect, it } from 'vitest';
import { easterSunday, ontarioHolidayDates, ontarioHolidays } from './ontario-holidays';

const dates = (year: number) => ontarioHolidays(year).map((h) => h.date);

describe('ontarioHolidays', () => {
  it('matches the published 2025 and 2026 calendars (OEFC holiday calendar)', () => {
    expect(dates(2025)).toEqual([
      '2025-01-01', '2025-02-17', '2025-04-18', '2025-05-19', '2025-07-01',
      '2025-08-04', '2025-09-01', '2025-10-13', '2025-12-25', '2025-12-26',
    ]);
    // Boxing Day 2026 is a Saturday: observed Monday December 28.
    expect(dates(2026)).toEqual([
      '2026-01-01', '2026-02-16', '2026-04-03', '2026-05-18', '2026-07-01',
      '2026-08-03', '2026-09-07', '2026-10-12', '2026-12-25', '2026-12-28',
    ]);
  });

  it('moves weekend holidays to the next free weekday', () => {
    // 2021: Christmas Saturday → Monday 27, Boxing Day Sunday → Tuesday 28.
    expect(dates(2021).slice(-2)).toEqual(['2021-12-27', '2021-12-28']);
    // 2022: New Year's Saturday → Monday Jan 3; Christmas Sunday → Monday 26, Boxing Day → Tuesday 27.
    expect(dates(2022)[0]).toBe('2022-01-03');
    expect(dates(2022).slice(-2)).toEqual(['2022-12-26', '2022-12-27']);
    // 2017: New Year's Sunday → Monday Jan 2; Canada Day Saturday → Monday July 3.
    expect(dates(2017)[0]).toBe('2017-01-02');
    expect(dates(2017)[4]).toBe('2017-07-03');
  });

  it('includes the Civic Holiday and names every day', () => {
    expect(ontarioHolidays(2025).map((h) => h.name)).toContain('Civic Holiday');
    expect(ontarioHolidays(2025)).toHaveLength(10);
  });

  it('computes Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('lists several years', () => {
    expect(ontarioHolidayDates(2025, 2026)).toHaveLength(20);
    expect(ontarioHolidayDates(2025)).toEqual(dates(2025));
  });
});
