import type { Logger } from '../lib/logger';

/** A named, idempotent unit of work and how often it runs (its schedule lives beside it). */
export type Job = {
  name: string;
  everyMs: number;
  /** Delay before the first run after start. */
  firstRunMs?: number;
  run(): Promise<void>;
};

export type Scheduler = {
  /** Runs a job now (unless it is already running) and resolves when that run ends. */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Runs each job on its interval in this process. A job never overlaps itself: a tick that finds
 * it still running is skipped. Jobs that must run once across several server processes take
 * their own database advisory locks, or a durable job's key per period (the maintenance sweep);
 * the scheduler only keeps time. A failed run is logged and
 * the next tick tries again.
 */
export function startScheduler(jobs: readonly Job[], logger: Logger): Scheduler {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const runOnce = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const started = Date.now();
    const run = job
      .run()
      .then(() => logger.debug({ job: job.name, ms: Date.now() - started }, 'Job finished'))
      .catch((error: unknown) => logger.error({ err: error, job: job.name }, 'Job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  for (const job of jobs) {
    const first = setTimeout(() => {
      if (stopped) return;
      void runOnce(job);
      const every = setInterval(() => {
        if (!stopped && !running.has(job.name)) void runOnce(job);
      }, job.everyMs);
      every.unref();
      timers.push(every);
    }, job.firstRunMs ?? 0);
    first.unref();
    timers.push(first);
  }

  return {
    runNow: (name) => {
      const job = jobs.find((j) => j.name === name);
      if (!job) return Promise.reject(new Error(`No job named ${name}`));
      return runOnce(job);
    },
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all([...running.values()]);
    },
  };
}
