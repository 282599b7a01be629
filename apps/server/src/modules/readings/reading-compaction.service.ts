import { CORRECTION_WINDOW_DAYS } from '@peakwise/domain/reading-corrections';
import { firstOpenDay, nextDayStart } from '@peakwise/domain/reading-compaction-days';
import { compactionLanes } from '@peakwise/domain/reading-compaction-lanes';
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

/**
 * The first run of each lane of the pass for `day`. The keys are the lane's bounds, which every
 * server process computes alike, so processes that all schedule it (at start, or each lane at the
 * end of its pass) still make one chain per lane; one lane is the whole range, keyed as before
 * lanes (decision 130).
 */
async function scheduleLanes(db: DbOrTx, day: string, at: Date, lanes: number): Promise<void> {
  for (const { after, until } of compactionLanes(lanes)) {
    await scheduleJob(db, { name: READING_COMPACTION_JOB, key: jobKey(day, after, until), runAt: at, payload: until === null ? { after } : { after, until } });
  }
}

/** Makes sure today's pass has the first run of each of its `lanes`; each run schedules the next (decisions 122, 130). */
export async function scheduleReadingCompaction(db: DbOrTx, at: Date, lanes = 1): Promise<void> {
  await scheduleLanes(db, firstOpenDay(at, CORRECTION_WINDOW_DAYS), at, lanes);
}

/**
 * One run: the closed days of the next households in id order, then the run for the households
 * after them, or tomorrow's pass once the last household is done. A run lost in a crash is run
 * again and finds its days compacted already, which it leaves alone. With `until`, the run and
 * the runs it schedules stop before that household: a lane of the id range, which runs beside
 * the other lanes (decision 130). A lane at its end schedules the first run of every one of
 * tomorrow's `lanes` (the count the server runs with now), which the other lanes' ends schedule
 * again to no effect: tomorrow's lanes are the configured ones even if the count changed today.
 */
export async function runReadingCompaction(tx: DbOrTx, now: Date, after: string | null, until: string | null = null, lanes = 1): Promise<CompactedBatch & { more: boolean }> {
  const day = firstOpenDay(now, CORRECTION_WINDOW_DAYS);
  const batch = await compactHouseholdDays(tx, after, COMPACTION_BATCH_HOUSEHOLDS, day, until);
  const last = batch.households.at(-1);
  if (last !== undefined && batch.households.length === COMPACTION_BATCH_HOUSEHOLDS) {
    await scheduleJob(tx, { name: READING_COMPACTION_JOB, key: jobKey(day, last, until), runAt: now, payload: until === null ? { after: last } : { after: last, until } });
    return { ...batch, more: true };
  }
  const tomorrow = nextDayStart(now);
  await scheduleLanes(tx, firstOpenDay(tomorrow, CORRECTION_WINDOW_DAYS), tomorrow, lanes);
  return { ...batch, more: false };
}
