import { runStatementJob, runStatementLanes, STATEMENT_JOB } from '../modules/billing/statements.service';
import type { JobHandler } from './durable-worker';

/** Statement lanes on PostgreSQL (decision 063): on 2 cores the database and this process each keep one busy. */
export const STATEMENT_LANES = 2;

/**
 * The month's statement run (decision 044): one job per month, waking again for each later zone's
 * midnight. `statementLanes` above 1 (PostgreSQL only, decision 063) issues that many slices of
 * the households side by side, each batch in a transaction of its own; 1 issues a batch per run
 * in the job's own transaction.
 */
export function billingJobHandlers(options: { statementLanes: number } = { statementLanes: 1 }): Record<string, JobHandler> {
  return {
    [STATEMENT_JOB]: async ({ db, tx, job, now }) => {
      if (typeof job.payload.month !== 'string' || !/^\d{4}-\d{2}$/.test(job.payload.month)) throw new Error('Statement job without a month');
      const run =
        options.statementLanes > 1 ? await runStatementLanes(db, tx, job.payload.month, now, options.statementLanes) : await runStatementJob(tx, job.payload.month, now);
      if (run.retryAt) return { retryAt: run.retryAt };
    },
  };
}
