import { nextPartitionMonth, partitionMonthsAhead } from '@peakwise/domain/reading-partition-months';
import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { createMonthPartitions } from './reading-partitions.repository';

export const READING_PARTITIONS_JOB = 'readings.partitions-ahead';

/**
 * Months kept ready beyond the current one. A month missed (the job failing for weeks) costs
 * nothing but speed, since its readings land in DEFAULT; three months leave room for that.
 */
export const PARTITION_MONTHS_AHEAD = 3;

const jobKey = (month: Date) => `readings-partitions:${month.toISOString().slice(0, 7)}`;

/** Makes sure the month of `at` has its run; each run schedules the next month's (decision 115). */
export async function scheduleReadingPartitions(db: DbOrTx, at: Date): Promise<void> {
  const [month] = partitionMonthsAhead(at, 0);
  await scheduleJob(db, { name: READING_PARTITIONS_JOB, key: jobKey(month!), runAt: at });
}

/** One run: this month's and the next months' partitions where missing, then next month's run. Moves no row. */
export async function runReadingPartitions(tx: DbOrTx, now: Date) {
  const made = await createMonthPartitions(tx, partitionMonthsAhead(now, PARTITION_MONTHS_AHEAD));
  const next = nextPartitionMonth(now);
  await scheduleJob(tx, { name: READING_PARTITIONS_JOB, key: jobKey(next), runAt: next });
  return made;
}
