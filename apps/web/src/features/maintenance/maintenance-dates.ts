import { MAX_SCHEDULE_DAYS_AHEAD } from '@peakwise/contracts/maintenance.contract';
import { addDays, daysBetween } from '@peakwise/domain/local-time';

export type DateBounds = { min?: string; max: string };
export type DateProblem = 'invalidDate' | 'scheduleInPast' | 'scheduleTooFar' | 'completeInFuture';

/** Maintenance can be scheduled from the household's today up to MAX_SCHEDULE_DAYS_AHEAD days on. */
export const scheduleBounds = (today: string): Required<DateBounds> => ({ min: today, max: addDays(today, MAX_SCHEDULE_DAYS_AHEAD) });

/** Done maintenance is today or earlier. */
export const completeBounds = (today: string): DateBounds => ({ max: today });

/** The component's own next maintenance when it can still be chosen, else tomorrow. */
export function defaultScheduleDate(nextMaintenance: string | null | undefined, today: string): string {
  const { min, max } = scheduleBounds(today);
  if (nextMaintenance && daysBetween(min, nextMaintenance) >= 0 && daysBetween(nextMaintenance, max) >= 0) return nextMaintenance;
  return addDays(today, 1);
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;

/** The same rules the server applies (MAINTENANCE_MESSAGES), checked before sending. */
export function dateProblem(value: string, bounds: DateBounds, mode: 'schedule' | 'complete'): DateProblem | null {
  if (!isDate(value)) return 'invalidDate';
  if (bounds.min && daysBetween(bounds.min, value) < 0) return 'scheduleInPast';
  if (daysBetween(value, bounds.max) < 0) return mode === 'complete' ? 'completeInFuture' : 'scheduleTooFar';
  return null;
}
