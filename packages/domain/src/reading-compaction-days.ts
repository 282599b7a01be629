/**
 * Which days of raw readings are closed, and so may be compacted (decision 122). A day here is a
 * UTC day: the partitions are UTC months, so a UTC day lies in one of them, and the correction
 * window is a span of elapsed time, the same in every zone.
 */

const DAY_MS = 86_400_000;

/**
 * The first UTC day (YYYY-MM-DD) still open at `now`: every day before it ended at least
 * `windowDays` ago, so no reading of it can change any more.
 */
export function firstOpenDay(now: Date, windowDays: number): string {
  if (!Number.isInteger(windowDays) || windowDays < 0) throw new RangeError('The window must be a whole number of days, 0 or more');
  const cutoff = now.getTime() - windowDays * DAY_MS;
  return new Date(Math.floor(cutoff / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The next UTC midnight after `now`, when one more day closes. */
export function nextDayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}
