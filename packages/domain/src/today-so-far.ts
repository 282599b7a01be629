import { INTERVAL_MS } from './time-constants';
import { localDateOf, startOfLocalDate } from './local-time';

/**
 * The end of the last 5-minute interval that has ended by `now`: the start of the interval in
 * progress. A reading stamped inside the interval in progress (a device clock a little ahead, up
 * to the 5 minutes ingest allows) describes energy not all used yet, so figures "so far" stop here
 * (decision 087).
 */
export function completedIntervalsEnd(now: Date): Date {
  return new Date(Math.floor(now.getTime() / INTERVAL_MS) * INTERVAL_MS);
}

/**
 * What "consumed today" covers, on every screen that shows it: local midnight up to the start of
 * the interval in progress, [from, to). Empty in the first five minutes of the day.
 */
export function todaySoFar(now: Date, timeZone: string): { from: Date; to: Date } {
  const from = startOfLocalDate(localDateOf(now, timeZone), timeZone);
  const end = completedIntervalsEnd(now);
  return { from, to: end < from ? from : end };
}
