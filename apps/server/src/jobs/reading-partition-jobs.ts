import { READING_PARTITIONS_JOB, runReadingPartitions } from '../modules/readings/reading-partitions.service';
import type { JobHandler } from './durable-worker';

/** The readings' monthly partitions, made ahead once a month (decision 115). */
export const readingPartitionJobHandlers: Record<string, JobHandler> = {
  [READING_PARTITIONS_JOB]: async ({ tx, now }) => {
    await runReadingPartitions(tx, now);
  },
};
