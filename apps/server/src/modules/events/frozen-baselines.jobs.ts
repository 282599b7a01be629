import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { EVENT_JOBS, jobKey } from './events.service';

/**
 * The announcement's part in freezing baselines (decision 099): once the households that opt in to
 * every event are in, a job of its own freezes their baselines, so members are told at once
 * whatever the number of homes, and a crash between the two loses nothing. Keyed per event, so an
 * announcement run again schedules it once.
 */
export async function scheduleBaselineFreeze(tx: DbOrTx, eventId: string, now: Date): Promise<void> {
  await scheduleJob(tx, { name: EVENT_JOBS.freezeBaselines, key: jobKey(eventId, 'freeze'), runAt: now, payload: { eventId } });
}
