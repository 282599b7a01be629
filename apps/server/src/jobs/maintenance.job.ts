import type { Database } from '../db/client';
import { forgetTakenBefore, takeOnce } from '../modules/durable-jobs/durable-jobs.repository';
import type { Job } from './scheduler';
import type { Logger } from '../lib/logger';
import { READINGS_CHANNEL } from '../lib/notify';
import { householdsWithDevices, withMaintenanceSubjects } from '../modules/maintenance/components.repository';
import { evaluateHousehold } from '../modules/maintenance/maintenance-evaluation.service';

/**
 * Every household is evaluated every 15 minutes: dates move on (a due date comes near) even when
 * no reading arrives. Readings themselves trigger a sooner pass (startMaintenanceProcessor).
 */
export const MAINTENANCE_SWEEP_EVERY_MS = 15 * 60_000;
const SWEEP_JOB = 'maintenance.sweep';
/** The sweep of the 15 minutes starting at `periodStart` (UTC, on the quarter hour), as a durable job's key. */
const sweepKey = (periodStart: Date) => `maintenance:sweep:${periodStart.toISOString()}`;
/**
 * How long a swept quarter hour's row is kept: far longer than any process's clock could lag, so
 * none asks for a period whose row is gone; without it the table gained 96 rows a day for good.
 */
const SWEEP_KEYS_KEPT_MS = 24 * 60 * 60_000;
/** New readings come in bursts (a gateway's batch, a back-fill): wait for the burst to settle. */
export const READINGS_SETTLE_MS = 20_000;
/** Homes whose settle periods end within this long of each other are looked at together (decision 074). */
export const SETTLED_BATCH_MS = 1_000;

export function maintenanceSweepJob(deps: { database: Database; logger: Logger; clock?: () => Date }): Job {
  const clock = deps.clock ?? (() => new Date());
  return {
    name: SWEEP_JOB,
    everyMs: MAINTENANCE_SWEEP_EVERY_MS,
    firstRunMs: 5_000,
    run: async () => {
      // Every server process keeps this timer; on PostgreSQL, with several of them on one
      // database, the first to reach a quarter hour sweeps it and the others skip it. PGlite has
      // one process: it sweeps at each tick, as before.
      if (deps.database.kind === 'postgres') {
        const now = clock();
        const periodStart = new Date(Math.floor(now.getTime() / MAINTENANCE_SWEEP_EVERY_MS) * MAINTENANCE_SWEEP_EVERY_MS);
        if (!(await takeOnce(deps.database.db, { name: SWEEP_JOB, key: sweepKey(periodStart), at: periodStart, now }))) return;
        await forgetTakenBefore(deps.database.db, { name: SWEEP_JOB, before: new Date(periodStart.getTime() - SWEEP_KEYS_KEPT_MS) });
      }
      for (const householdId of await householdsWithDevices(deps.database.db)) {
        await evaluateOne(deps, householdId, clock());
      }
    },
  };
}

async function evaluateOne(deps: { database: Database; logger: Logger }, householdId: string, now: Date) {
  const started = Date.now();
  try {
    const report = await evaluateHousehold(deps.database.db, householdId, now);
    if (report && (report.scoredDays > 0 || report.opened > 0 || report.resolved > 0)) {
      deps.logger.info({ householdId, ...report, ms: Date.now() - started }, 'Maintenance evaluated');
    }
  } catch (error) {
    deps.logger.error({ err: error, householdId }, 'Maintenance evaluation failed');
  }
}

/** Most homes send meter readings and have no device to maintain: one cheap look for many homes instead of a whole evaluation each. */
async function evaluateThoseWithSubjects(deps: { database: Database; logger: Logger }, householdIds: string[], now: Date) {
  let subjects: Set<string>;
  try {
    subjects = await withMaintenanceSubjects(deps.database.db, householdIds);
  } catch (error) {
    deps.logger.error({ err: error, households: householdIds.length }, 'Maintenance evaluation failed');
    return;
  }
  await Promise.all(householdIds.filter((id) => subjects.has(id)).map((id) => evaluateOne(deps, id, now)));
}

export type MaintenanceProcessor = { close(): Promise<void> };

/**
 * Re-evaluates a household shortly after new readings for it are committed (any process's
 * NOTIFY), at most once per settle period, so alerts follow the data within seconds of a burst.
 * Homes whose periods end within `batchMs` of each other share one look at which of them have
 * anything to maintain.
 */
export function startMaintenanceProcessor(deps: { database: Database; logger: Logger; clock?: () => Date; settleMs?: number; batchMs?: number }): MaintenanceProcessor {
  const clock = deps.clock ?? (() => new Date());
  const settleMs = deps.settleMs ?? READINGS_SETTLE_MS;
  const batchMs = deps.batchMs ?? SETTLED_BATCH_MS;
  const pending = new Map<string, NodeJS.Timeout>();
  // Settled homes wait here for the batch's one look at which of them have anything to maintain.
  const settled = new Set<string>();
  let batch: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  let closed = false;
  const listener = deps.database.createListener({ onError: (error) => deps.logger.warn({ err: error }, 'Maintenance LISTEN connection error; reconnecting') });

  const runBatch = () => {
    batch = undefined;
    const householdIds = [...settled];
    settled.clear();
    const run = evaluateThoseWithSubjects(deps, householdIds, clock()).finally(() => running.delete(run));
    running.add(run);
  };

  void listener
    .listen(READINGS_CHANNEL, (payload) => {
      let householdId: unknown;
      try {
        householdId = (JSON.parse(payload) as { householdId?: unknown }).householdId;
      } catch {
        return;
      }
      if (closed || typeof householdId !== 'string' || pending.has(householdId)) return;
      const timer = setTimeout(() => {
        pending.delete(householdId);
        settled.add(householdId);
        if (!batch) {
          batch = setTimeout(runBatch, batchMs);
          batch.unref();
        }
      }, settleMs);
      timer.unref();
      pending.set(householdId, timer);
    })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'Maintenance processor could not listen for readings'));

  return {
    close: async () => {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      clearTimeout(batch);
      settled.clear();
      await Promise.all(running);
      await listener.close();
    },
  };
}
