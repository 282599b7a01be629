import { READING_COMPACTION_JOB, runReadingCompaction } from '../modules/readings/reading-compaction.service';
import type { JobHandler } from './durable-worker';

/**
 * Closed days of raw readings compacted to one row per series-day, a batch of households a run
 * (decision 122), in `lanes` chains over slices of the household ids (decision 130). A run whose
 * lane has more homes goes on at once; each worker takes one lane's run at a time, so with several
 * server processes the lanes run side by side.
 */
export const readingCompactionJobHandlers = (options: { lanes: number }): Record<string, JobHandler> => ({
  [READING_COMPACTION_JOB]: Object.assign(
    async ({ tx, job, now }: Parameters<JobHandler>[0]) => {
      const cursor = (value: unknown) => {
        if (value !== null && value !== undefined && (typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value))) throw new Error('Compaction job with a malformed cursor');
        return typeof value === 'string' ? value : null;
      };
      const run = await runReadingCompaction(tx, now, cursor(job.payload.after), cursor(job.payload.until), options.lanes);
      if (run.more) return { again: true } as const;
    },
    { onePerClaim: true } as const,
  ),
});
