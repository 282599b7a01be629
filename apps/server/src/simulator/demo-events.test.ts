import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { describe, expect, it } from 'vitest';
import { pastDemoEventDays } from './demo-events';

const holidays = new Set(provincialHolidayDates('ON', 2025, 2027));

describe('pastDemoEventDays', () => {
  it('the last five weekday evenings, then Tuesdays and Thursdays back to the 1st of last month', () => {
    // Saturday 28 November 2026, with the default 90 days of back-fill.
    expect(pastDemoEventDays('2026-11-28', 90, holidays)).toEqual([
      '2026-11-27', '2026-11-26', '2026-11-25', '2026-11-24', '2026-11-23',
      '2026-11-19', '2026-11-17', '2026-11-12', '2026-11-10', '2026-11-05', '2026-11-03',
      '2026-10-29', '2026-10-27', '2026-10-22', '2026-10-20', '2026-10-15', '2026-10-13', '2026-10-08', '2026-10-06', '2026-10-01',
    ]);
  });

  it('leaves two weeks of back-fill before the first, for its baseline', () => {
    // 59 days reach back to 1 October; the first event is after 14 October.
    const days = pastDemoEventDays('2026-11-28', 59, holidays);
    expect(days.at(-1)).toBe('2026-10-15');
    expect(days).toHaveLength(16);
  });

  it('skips holidays: Christmas and Boxing Day week, and reaches into last year in January', () => {
    const days = pastDemoEventDays('2027-01-05', 90, holidays);
    expect(days.slice(0, 5)).toEqual(['2027-01-04', '2026-12-31', '2026-12-30', '2026-12-29', '2026-12-24']);
    expect(days).not.toContain('2026-12-25');
    expect(days.at(-1)).toBe('2026-12-01');
  });
});
