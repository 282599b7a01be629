/**
 * The raw readings are partitioned by calendar month in UTC (decision 115): a partition's bounds
 * must not depend on any household's time zone, since one partition holds every household.
 */

/** The first instant (UTC) of the month holding `instant`, and of each of the `ahead` months after it. */
export function partitionMonthsAhead(instant: Date, ahead: number): Date[] {
  if (!Number.isInteger(ahead) || ahead < 0) throw new RangeError('Months ahead must be a whole number, 0 or more');
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth();
  return Array.from({ length: ahead + 1 }, (_, i) => new Date(Date.UTC(year, month + i, 1)));
}

/** The first instant (UTC) of the month after the one holding `instant`. */
export function nextPartitionMonth(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + 1, 1));
}

/** Two winters for the weather baseline and a year for a Green Button export, with a month to spare. */
export const DEFAULT_RAW_RETENTION_MONTHS = 25;

/**
 * The first instant (UTC) of the oldest month whose raw readings are kept when `months` of them
 * are: every month before it is dropped whole. Counted in whole UTC months back from the month
 * holding `instant`, so the raw readings always reach at least `months` months into the past.
 */
export function rawRetentionHorizon(instant: Date, months: number): Date {
  if (!Number.isInteger(months) || months < 1) throw new RangeError('Months of raw readings kept must be a whole number, 1 or more');
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() - months, 1));
}
