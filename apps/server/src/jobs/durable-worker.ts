import type { Db, DbOrTx } from '../db/client';
import type { Logger } from '../lib/logger';
import { claimDueJobs, holdClaim, markJobDone, markJobFailed, requeueJob, type DurableJob } from '../modules/durable-jobs/durable-jobs.repository';

/**
 * What a handler may ask for instead of finishing: run again later, in the same transaction; or
 * finish and have the worker look for due work again at once, not at the next poll, because it
 * scheduled its next step for now (a chain of keyed runs, decision 130).
 */
export type JobOutcome = { retryAt: Date } | { again: true } | void;

/**
 * A unit of durable work. It runs inside a transaction that also marks the job done, so its
 * database effects happen exactly once: a crash before the commit leaves the job to be claimed
 * again, a crash after it leaves it done. `db` is for a handler whose work commits in parts of
 * its own, each exactly once by its own keys (the statement lanes, decision 063); the rest use
 * `tx`.
 */
export type JobHandler = ((ctx: { db: Db; tx: DbOrTx; job: DurableJob; now: Date; prepared?: unknown }) => Promise<JobOutcome>) & {
  /**
   * Work done before the transaction opens, its result handed to the handler as `prepared`: a call
   * to another server, so a slow peer never holds the database (on PGlite, all of it). It must be
   * safe to repeat, since a crash before the commit runs it again; the claim's lease keeps a second
   * worker off the job meanwhile, and a claim lost while it ran writes nothing.
   */
  prepare?: (ctx: { db: Db; job: DurableJob; now: Date }) => Promise<unknown>;
  /**
   * A lane of long work, side by side with the other lanes (decision 130): a worker claims at most
   * one job of such names at a time, so the lanes spread over the server processes instead of
   * waiting, claimed, behind each other in the one process that polled first.
   */
  onePerClaim?: true;
};

/** A handler in two parts: `prepare` outside the transaction, `run` inside it with what prepare found. */
export function preparedJob<T>(
  prepare: (ctx: { db: Db; job: DurableJob; now: Date }) => Promise<T>,
  run: (ctx: { db: Db; tx: DbOrTx; job: DurableJob; now: Date }, prepared: T) => Promise<JobOutcome>,
): JobHandler {
  return Object.assign((ctx: Parameters<JobHandler>[0]) => run(ctx, ctx.prepared as T), { prepare });
}

export type DurableWorker = {
  /** Claims and runs what is due now; resolves with how many jobs ran. Tests and `pollMs` call it. */
  runDue(): Promise<number>;
  stop(): Promise<void>;
};

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** 1, 2, 4 … minutes, capped at an hour. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

export function startDurableWorker(options: {
  db: Db;
  handlers: Record<string, JobHandler>;
  logger: Logger;
  clock?: () => Date;
  /** How often to look for due work; 0 = only when runDue is called. */
  pollMs?: number;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs?: number;
}): DurableWorker {
  const { db, handlers, logger } = options;
  const onePerClaim = Object.entries(handlers).flatMap(([name, handler]) => (handler.onePerClaim ? [name] : []));
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  let running: Promise<number> | null = null;
  let stopped = false;

  /** Runs one claimed job; true when it asked to run again at once (more work waiting now). */
  const runOne = async (job: DurableJob): Promise<boolean> => {
    const handler = handlers[job.name];
    const now = clock();
    try {
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      const prepared = handler.prepare ? await handler.prepare({ db, job, now }) : undefined;
      return await db.transaction(async (tx) => {
        if (!(await holdClaim(tx, job))) return false;
        const outcome = await handler({ db, tx, job, now, prepared });
        if (outcome && 'retryAt' in outcome) {
          await requeueJob(tx, job, outcome.retryAt);
          return outcome.retryAt.getTime() <= now.getTime();
        }
        await markJobDone(tx, job, clock());
        return outcome !== undefined && outcome.again;
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = job.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + backoffMs(job.attempts)) : null;
      logger.error({ err: error, job: job.name, key: job.key, attempts: job.attempts, retryAt }, 'Durable job failed');
      await markJobFailed(db, job, message, retryAt, now);
      return false;
    }
  };

  const drain = async () => {
    let ran = 0;
    for (;;) {
      const jobs = await claimDueJobs(db, clock(), leaseMs, BATCH, onePerClaim);
      let again = false;
      for (const job of jobs) if (await runOne(job)) again = true;
      ran += jobs.length;
      // A job that asked to run again now (a month's statements, a batch at a time) goes on at
      // once rather than at the next poll, seconds later for each of its batches.
      if ((jobs.length < BATCH && !again) || stopped) return ran;
    }
  };

  const runDue = () => {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = options.pollMs
    ? setInterval(() => {
        if (!stopped) runDue().catch((error: unknown) => logger.warn({ err: error }, 'Could not look for due jobs'));
      }, options.pollMs)
    : null;
  timer?.unref();

  return {
    runDue,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
