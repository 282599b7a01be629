import { READING_COMPACTION_JOB, runReadingCompaction } from '../modules/readings/reading-compaction.service';
import type { JobHandler } from './durable-worker';

/** Closed days of raw readings compacted to one row per series-day, a batch of households a run (decision 122). */
export const readingCompactionJobHandlers: Record<string, JobHandler> = {
  [READING_COMPACTION_JOB]: async ({ tx, job, now }) => {
    const after = job.payload.after;
    if (after !== null && after !== undefined && (typeof after !== 'string' || !/^[0-9a-f-]{36}$/i.test(after))) throw new Error('Compaction job with a malformed cursor');
    await runReadingCompaction(tx, now, typeof after === 'string' ? after : null);
  },
};
