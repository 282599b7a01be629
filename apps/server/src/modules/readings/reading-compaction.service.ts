import { CORRECTION_WINDOW_DAYS } from '@peakwise/contracts/ingest.contract';
import { firstOpenDay, nextDayStart } from '@peakwise/domain/reading-compaction-days';
import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { compactHouseholdDays, type CompactedBatch } from './reading-compaction.repository';

export const READING_COMPACTION_JOB = 'readings.compact';

/**
 * Households per run. One run is one transaction holding their rows' locks, so their ingest waits
 * for it; a year of one home's readings (a meter and 16 devices) is about 1.8 million rows.
 */
export const COMPACTION_BATCH_HOUSEHOLDS = 20;

const jobKey = (day: string, after: string | null, until: string | null = null) => `readings-compact:${day}:${after ?? 'first'}${until === null ? '' : `:until-${until}`}`;

/** Makes sure today's pass has its first run; each run schedules the next (decision 122). */
export async function scheduleReadingCompaction(db: DbOrTx, at: Date): Promise<void> {
  await scheduleJob(db, { name: READING_COMPACTION_JOB, key: jobKey(firstOpenDay(at, CORRECTION_WINDOW_DAYS), null), runAt: at, payload: { after: null } });
}

/**
 * One run: the closed days of the next households in id order, then the run for the households
 * after them, or tomorrow's pass once the last household is done. A run lost in a crash is run
 * again and finds its days compacted already, which it leaves alone. With `until`, the run and
 * the runs it schedules stop before that household: a lane of the id range, which runs beside
 * the other lanes (decision 130).
 */
export async function runReadingCompaction(tx: DbOrTx, now: Date, after: string | null, until: string | null = null): Promise<CompactedBatch> {
  const day = firstOpenDay(now, CORRECTION_WINDOW_DAYS);
  const batch = await compactHouseholdDays(tx, after, COMPACTION_BATCH_HOUSEHOLDS, day, until);
  const last = batch.households.at(-1);
  if (last !== undefined && batch.households.length === COMPACTION_BATCH_HOUSEHOLDS) {
    await scheduleJob(tx, { name: READING_COMPACTION_JOB, key: jobKey(day, last, until), runAt: now, payload: until === null ? { after: last } : { after: last, until } });
  } else {
    const tomorrow = nextDayStart(now);
    await scheduleJob(tx, { name: READING_COMPACTION_JOB, key: jobKey(firstOpenDay(tomorrow, CORRECTION_WINDOW_DAYS), null), runAt: tomorrow, payload: { after: null } });
  }
  return batch;
}
