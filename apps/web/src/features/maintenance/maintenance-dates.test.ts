import { describe, expect, it } from 'vitest';
import { dateProblem, defaultScheduleDate, scheduleBounds } from './maintenance-dates';

describe('maintenance dates', () => {
  const today = '2025-11-24';

  it('schedules from today up to 730 days ahead', () => {
    expect(scheduleBounds(today)).toEqual({ min: '2025-11-24', max: '2027-11-24' });
  });

  it('defaults to the component’s next maintenance when it is in range, else tomorrow', () => {
    expect(defaultScheduleDate('2025-12-03', today)).toBe('2025-12-03');
    expect(defaultScheduleDate('2025-11-24', today)).toBe('2025-11-24');
    expect(defaultScheduleDate('2025-11-20', today)).toBe('2025-11-25');
    expect(defaultScheduleDate('2028-01-01', today)).toBe('2025-11-25');
    expect(defaultScheduleDate(null, today)).toBe('2025-11-25');
  });

  it('says what is wrong with a date before it is sent', () => {
    const bounds = scheduleBounds(today);
    expect(dateProblem('2025-11-24', bounds, 'schedule')).toBeNull();
    expect(dateProblem('2027-11-24', bounds, 'schedule')).toBeNull();
    expect(dateProblem('2025-11-23', bounds, 'schedule')).toBe('scheduleInPast');
    expect(dateProblem('2027-11-25', bounds, 'schedule')).toBe('scheduleTooFar');
    expect(dateProblem('', bounds, 'schedule')).toBe('invalidDate');
    expect(dateProblem('2025-02-30', bounds, 'schedule')).toBe('invalidDate');
    expect(dateProblem('2025-11-25', { max: today }, 'complete')).toBe('completeInFuture');
    expect(dateProblem('2025-01-02', { max: today }, 'complete')).toBeNull();
  });
});
