import { CORRECTION_WINDOW_DAYS } from '@peakwise/domain/reading-corrections';
import { firstOpenDay } from '@peakwise/domain/reading-compaction-days';
import { nextPartitionMonth, partitionMonthsAhead, rawRetentionHorizon } from '@peakwise/domain/reading-partition-months';
import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import {
  deleteCompactedDaysBefore,
  deleteDefaultRowsBefore,
  dropMonthTable,
  lockPartitionLifecycle,
  monthTables,
  monthsInDefault,
  moveMonthStep,
  truncateEmptiedMonth,
  type MoveStep,
} from './reading-partition-lifecycle.repository';
import { createMonthPartitions, READING_TABLES, type ReadingTable } from './reading-partitions.repository';

export const READING_PARTITIONS_JOB = 'readings.partitions-ahead';

/**
 * Months kept ready beyond the current one. A month missed (the job failing for weeks) costs
 * nothing but speed, since its readings land in DEFAULT; three months leave room for that.
 */
export const PARTITION_MONTHS_AHEAD = 3;

export type PartitionLifecycleOptions = {
  /** Whole months of raw readings kept before the current one (READINGS_RAW_RETENTION_MONTHS). */
  retentionMonths: number;
  /** Households (or devices) whose rows of a month one step copies out of DEFAULT. */
  seriesPerBatch?: number;
  /** DEFAULT rows past the horizon one step deletes. */
  defaultRowsPerBatch?: number;
  /** Compacted days (288 readings each at most) past the horizon one step deletes. */
  compactedDaysPerBatch?: number;
};

const jobKey = (month: Date) => `readings-partitions:${month.toISOString().slice(0, 7)}`;

/** Makes sure the month of `at` has its run; each run schedules the next month's (decision 115). */
export async function scheduleReadingPartitions(db: DbOrTx, at: Date): Promise<void> {
  const [month] = partitionMonthsAhead(at, 0);
  await scheduleJob(db, { name: READING_PARTITIONS_JOB, key: jobKey(month!), runAt: at });
}

export type PartitionRun = {
  made: Awaited<ReturnType<typeof createMonthPartitions>>;
  dropped: string[];
  /** Closed months that compaction had emptied, truncated to give their disk back. */
  reclaimed: string[];
  deletedFromDefault: number;
  deletedCompactedDays: number;
  moved?: { table: ReadingTable; month: string } & MoveStep;
  /** Work is left (a move under way, DEFAULT rows past the horizon): run again at once, in a new transaction. */
  more: boolean;
};

/**
 * One run, in one transaction under the lifecycle lock (decisions 115 and 124): this month's and
 * the next months' partitions where missing; every month older than the raw horizon detached and
 * dropped; every closed month that compaction emptied truncated (decision 122); then one bounded step of what is left, so a run stays short and a crash loses at most
 * that step: a batch of DEFAULT rows past the horizon deleted, a batch of compacted days past it
 * deleted, or one step of moving a month out of DEFAULT. `more` asks the worker to run again at once; next month's run is scheduled each time.
 */
export async function runReadingPartitions(tx: DbOrTx, now: Date, options: PartitionLifecycleOptions): Promise<PartitionRun> {
  const seriesPerBatch = options.seriesPerBatch ?? 500;
  const defaultRowsPerBatch = options.defaultRowsPerBatch ?? 50_000;
  await lockPartitionLifecycle(tx);
  const made = await createMonthPartitions(tx, partitionMonthsAhead(now, PARTITION_MONTHS_AHEAD));
  const horizon = rawRetentionHorizon(now, options.retentionMonths);

  const dropped: string[] = [];
  const reclaimed: string[] = [];
  // A month whose every day is past the correction window: nothing can be written to it any more.
  const closedBefore = Date.parse(`${firstOpenDay(now, CORRECTION_WINDOW_DAYS)}T00:00:00Z`);
  for (const table of READING_TABLES) {
    for (const month of await monthTables(tx, table)) {
      if (month.month.getTime() < horizon.getTime()) {
        await dropMonthTable(tx, table, month);
        dropped.push(month.name);
      } else if (reclaimed.length === 0 && month.attached && nextPartitionMonth(month.month).getTime() <= closedBefore && (await truncateEmptiedMonth(tx, month))) {
        reclaimed.push(month.name);
      }
    }
  }

  let deletedFromDefault = 0;
  // A truncation is a step of its own: its lock is not held while a move locks the parent.
  let more = reclaimed.length > 0;
  for (const table of more ? [] : READING_TABLES) {
    const deleted = await deleteDefaultRowsBefore(tx, table, horizon, defaultRowsPerBatch - deletedFromDefault);
    deletedFromDefault += deleted;
    if (deletedFromDefault >= defaultRowsPerBatch) {
      more = true;
      break;
    }
  }

  let deletedCompactedDays = 0;
  if (!more) {
    const limit = options.compactedDaysPerBatch ?? 5_000;
    deletedCompactedDays = await deleteCompactedDaysBefore(tx, horizon, limit);
    more = deletedCompactedDays >= limit;
  }

  let moved: PartitionRun['moved'];
  if (!more) {
    for (const table of READING_TABLES) {
      const [month] = await monthsInDefault(tx, table, horizon);
      if (!month) continue;
      moved = { table, month: month.toISOString(), ...(await moveMonthStep(tx, table, month, seriesPerBatch)) };
      more = true;
      break;
    }
  }

  const next = nextPartitionMonth(now);
  await scheduleJob(tx, { name: READING_PARTITIONS_JOB, key: jobKey(next), runAt: next });
  return { made, dropped, reclaimed, deletedFromDefault, deletedCompactedDays, moved, more };
}
