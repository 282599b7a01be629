import { runStatementJob, STATEMENT_JOB } from '../modules/billing/statements.service';
import type { JobHandler } from './durable-worker';

/** The month's statement run (decision 044): one job per month, waking again for each later zone's midnight. */
export const billingJobHandlers: Record<string, JobHandler> = {
  [STATEMENT_JOB]: async ({ tx, job, now }) => {
    if (typeof job.payload.month !== 'string' || !/^\d{4}-\d{2}$/.test(job.payload.month)) throw new Error('Statement job without a month');
    const run = await runStatementJob(tx, job.payload.month, now);
    if (run.retryAt) return { retryAt: run.retryAt };
  },
};
