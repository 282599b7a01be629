import { READING_PARTITIONS_JOB, runReadingPartitions, type PartitionLifecycleOptions } from '../modules/readings/reading-partitions.service';
import type { JobHandler } from './durable-worker';

/**
 * The readings' monthly partitions (decisions 115 and 124): made ahead, moved out of DEFAULT and
 * dropped past the raw horizon, once a month. A run with work left asks to run again at once, so
 * each bounded step commits with the job's own state and a restart resumes at the next step.
 */
export const readingPartitionJobHandlers = (options: PartitionLifecycleOptions): Record<string, JobHandler> => ({
  [READING_PARTITIONS_JOB]: async ({ tx, now }) => {
    const run = await runReadingPartitions(tx, now, options);
    if (run.more) return { retryAt: now };
  },
});
