import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@peakwise/domain/local-time';
import { formatRelativeDate, formatRelativeDays } from './local-date';

describe('local dates', () => {
  it('counts calendar days across month ends and the DST change', () => {
    expect(daysBetween('2025-11-24', '2025-11-29')).toBe(5);
    expect(daysBetween('2025-11-24', '2025-11-21')).toBe(-3);
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('words the distance in days, then months, then years, in the UI language', () => {
    expect(formatRelativeDate('2025-11-29', '2025-11-24', 'en-CA')).toBe('in 5 days');
    expect(formatRelativeDate('2025-11-25', '2025-11-24', 'en-CA')).toBe('tomorrow');
    expect(formatRelativeDate('2025-11-24', '2025-11-24', 'en-CA')).toBe('today');
    expect(formatRelativeDate('2025-11-21', '2025-11-24', 'en-CA')).toBe('3 days ago');
    expect(formatRelativeDays(90, 'en-CA')).toBe('in 3 months');
    expect(formatRelativeDays(800, 'en-CA')).toBe('in 2 years');
    expect(formatRelativeDays(1, 'fr-CA')).toBe('demain');
    expect(formatRelativeDays(-3, 'es')).toBe('hace 3 días');
  });
});
