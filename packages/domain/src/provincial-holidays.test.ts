import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWeekday, isWeekend } from './local-time';
import { easterSunday, isHolidayProvince, provincialHolidayDates, provincialHolidays } from './provincial-holidays';

const dates = (province: 'ON' | 'BC' | 'AB' | 'QC', year: number) => provincialHolidays(province, year).map((h) => h.date);
const named = (province: 'ON' | 'BC' | 'AB' | 'QC', year: number) =>
  Object.fromEntries(provincialHolidays(province, year).map((h) => [h.name, h.date]));

describe('Ontario (the OEB TOU/ULO holiday schedule)', () => {
  it('matches the published 2025 and 2026 calendars (OEFC holiday calendar)', () => {
    expect(dates('ON', 2025)).toEqual([
      '2025-01-01', '2025-02-17', '2025-04-18', '2025-05-19', '2025-07-01',
      '2025-08-04', '2025-09-01', '2025-10-13', '2025-12-25', '2025-12-26',
    ]);
    // Boxing Day 2026 is a Saturday: observed Monday December 28.
    expect(dates('ON', 2026)).toEqual([
      '2026-01-01', '2026-02-16', '2026-04-03', '2026-05-18', '2026-07-01',
      '2026-08-03', '2026-09-07', '2026-10-12', '2026-12-25', '2026-12-28',
    ]);
  });

  it('moves weekend holidays to the next free weekday', () => {
    // 2021: Christmas Saturday → Monday 27, Boxing Day Sunday → Tuesday 28.
    expect(dates('ON', 2021).slice(-2)).toEqual(['2021-12-27', '2021-12-28']);
    // 2022: New Year's Saturday → Monday Jan 3; Christmas Sunday → Monday 26, Boxing Day → Tuesday 27.
    expect(dates('ON', 2022)[0]).toBe('2022-01-03');
    expect(dates('ON', 2022).slice(-2)).toEqual(['2022-12-26', '2022-12-27']);
    // 2017: New Year's Sunday → Monday Jan 2; Canada Day Saturday → Monday July 3.
    expect(dates('ON', 2017)[0]).toBe('2017-01-02');
    expect(dates('ON', 2017)[4]).toBe('2017-07-03');
  });

  it('includes the Civic Holiday but not Remembrance Day or Easter Monday', () => {
    const names = provincialHolidays('ON', 2025).map((h) => h.name);
    expect(names).toContain('Civic Holiday');
    expect(names).not.toContain('Remembrance Day');
    expect(names).toHaveLength(10);
    expect(dates('ON', 2007)).toHaveLength(9); // Family Day began in 2008
  });
});

describe('British Columbia', () => {
  it('has the eleven statutory holidays of 2025, with Truth and Reconciliation and no Boxing Day', () => {
    expect(dates('BC', 2025)).toEqual([
      '2025-01-01', '2025-02-17', '2025-04-18', '2025-05-19', '2025-07-01', '2025-08-04',
      '2025-09-01', '2025-09-30', '2025-10-13', '2025-11-11', '2025-12-25',
    ]);
  });

  it('follows the year rules: Family Day second Monday until 2018, Truth and Reconciliation from 2023', () => {
    expect(named('BC', 2018)['Family Day']).toBe('2018-02-12');
    expect(named('BC', 2019)['Family Day']).toBe('2019-02-18');
    expect(named('BC', 2012)['Family Day']).toBeUndefined();
    expect(named('BC', 2022)['National Day for Truth and Reconciliation']).toBeUndefined();
    expect(named('BC', 2023)['National Day for Truth and Reconciliation']).toBe('2023-09-30');
    // Canada Day 2018 was a Sunday: Monday July 2.
    expect(named('BC', 2018)['Canada Day']).toBe('2018-07-02');
  });
});

describe('Alberta', () => {
  it('has the nine general holidays plus Heritage Day', () => {
    expect(dates('AB', 2025)).toEqual([
      '2025-01-01', '2025-02-17', '2025-04-18', '2025-05-19', '2025-07-01', '2025-08-04',
      '2025-09-01', '2025-10-13', '2025-11-11', '2025-12-25',
    ]);
    expect(Object.keys(named('AB', 2025))).not.toContain('Boxing Day');
  });
});

describe('Québec', () => {
  it('has the eight jours fériés, with both Easter days and no Family Day', () => {
    expect(dates('QC', 2025)).toEqual([
      '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-19', '2025-06-24',
      '2025-07-01', '2025-09-01', '2025-10-13', '2025-12-25',
    ]);
  });

  it('moves June 24 and July 1 to Monday only when they fall on a Sunday', () => {
    // 2018: both Sundays.
    expect(named('QC', 2018)['Fête nationale du Québec']).toBe('2018-06-25');
    expect(named('QC', 2018)['Fête du Canada']).toBe('2018-07-02');
    // 2023: both Saturdays, not moved.
    expect(named('QC', 2023)['Fête nationale du Québec']).toBe('2023-06-24');
    expect(named('QC', 2023)['Fête du Canada']).toBe('2023-07-01');
  });
});

describe('every province and year', () => {
  it('computes Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('keeps the rule-based holidays on their weekdays, one date each, in the year', () => {
    fc.assert(
      fc.property(fc.constantFrom('ON', 'BC', 'AB', 'QC' as const), fc.integer({ min: 2019, max: 2100 }), (province, year) => {
        const list = provincialHolidays(province, year);
        expect(new Set(list.map((h) => h.date)).size).toBe(list.length);
        for (const { name, date } of list) {
          expect(date.startsWith(`${year}-`) || date === `${year + 1}-01-01`).toBe(true);
          if (/Monday|Lundi|Victoria|patriotes|Labour|Travail|Thanksgiving|Action|Civic|Heritage|B\.C\. Day|Family/.test(name)) {
            expect(isoWeekday(date)).toBe(1);
          }
          if (/Good Friday|Vendredi/.test(name)) expect(isoWeekday(date)).toBe(5);
        }
        if (province === 'ON') expect(list.some((h) => isWeekend(h.date))).toBe(false);
      }),
    );
  });

  it('lists several years and knows which provinces it covers', () => {
    expect(provincialHolidayDates('ON', 2025, 2026)).toHaveLength(20);
    expect(provincialHolidayDates('QC', 2025)).toEqual(dates('QC', 2025));
    expect(isHolidayProvince('QC')).toBe(true);
    expect(isHolidayProvince('MB')).toBe(false);
  });
});
