import { READING_COMPACTION_JOB, runReadingCompaction } from '../modules/readings/reading-compaction.service';
import type { JobHandler } from './durable-worker';

/** Closed days of raw readings compacted to one row per series-day, a batch of households a run (decision 122). */
export const readingCompactionJobHandlers: Record<string, JobHandler> = {
  [READING_COMPACTION_JOB]: async ({ tx, job, now }) => {
    const cursor = (value: unknown) => {
      if (value !== null && value !== undefined && (typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value))) throw new Error('Compaction job with a malformed cursor');
      return typeof value === 'string' ? value : null;
    };
    await runReadingCompaction(tx, now, cursor(job.payload.after), cursor(job.payload.until));
  },
};
