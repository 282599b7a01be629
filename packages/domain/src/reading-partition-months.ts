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
