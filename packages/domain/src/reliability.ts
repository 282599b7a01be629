import { HOUR_MS, INTERVAL_HOURS } from './time-constants';

/**
 * MTBF and MTTR from a device's own reporting: an outage is a stretch of consecutive hours with
 * missing 5-minute intervals, a failure is an outage of at least 15 minutes (a single lost
 * message is not a failure), and the repair time is the missing time. Hourly rollups carry the
 * interval counts, so a year is 8,760 rows at most and never the raw readings.
 */

export const INTERVALS_PER_HOUR = 12;
/** Shorter gaps are lost messages, not failures. */
export const MIN_OUTAGE_INTERVALS = 3;

/** An hour with missing intervals (12 when the device sent nothing that hour). */
export type ImperfectHour = { startMs: number; missing: number };

export type Reliability =
  | { source: 'observed'; failures: number; mtbfHours: number; mttrHours: number; watchedHours: number }
  | { source: 'no_failures'; failures: 0; mtbfHours: number; mttrHours: null; watchedHours: number };

/**
 * `firstHourMs`..`lastHourMs` (inclusive) is the watched span; `imperfect` lists its hours that
 * missed intervals, in any order. Null when nothing was watched.
 */
export function reliabilityFromHours(firstHourMs: number, lastHourMs: number, imperfect: readonly ImperfectHour[]): Reliability | null {
  if (!(lastHourMs >= firstHourMs)) return null;
  const watchedHours = (lastHourMs - firstHourMs) / HOUR_MS + 1;
  const hours = imperfect
    .filter((h) => h.startMs >= firstHourMs && h.startMs <= lastHourMs && h.missing > 0)
    .sort((a, b) => a.startMs - b.startMs);

  let failures = 0;
  let downHours = 0;
  let runMissing = 0;
  let previous = Number.NaN;
  const closeRun = () => {
    if (runMissing >= MIN_OUTAGE_INTERVALS) {
      failures += 1;
      downHours += runMissing * INTERVAL_HOURS;
    }
    runMissing = 0;
  };
  for (const h of hours) {
    if (h.startMs !== previous + HOUR_MS) closeRun();
    runMissing += Math.min(h.missing, INTERVALS_PER_HOUR);
    previous = h.startMs;
  }
  closeRun();

  if (failures === 0) return { source: 'no_failures', failures: 0, mtbfHours: watchedHours, mttrHours: null, watchedHours };
  return { source: 'observed', failures, mtbfHours: (watchedHours - downHours) / failures, mttrHours: downHours / failures, watchedHours };
}
