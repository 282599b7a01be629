import type { DbOrTx } from '../../db/client';
import { hastenJob, scheduleJob } from '../durable-jobs/durable-jobs.repository';

export const OPENADR_POLL_JOB = 'openadr.poll';
const pollKey = (vtnUrl: string) => `openadr-poll:${vtnUrl}`;

/** The VTN's poll chain, its next poll due at `at` (start-up, decision 104). */
export async function scheduleOpenAdrPoll(db: DbOrTx, vtnUrl: string, at: Date): Promise<void> {
  await scheduleJob(db, { name: OPENADR_POLL_JOB, key: pollKey(vtnUrl), runAt: at, payload: { vtnUrl } });
}

/**
 * After a notification (decision 110): a poll waiting runs now. One running is left alone (it sees
 * the notification's time when it ends, and runs again); without a chain (OpenADR not configured on
 * this server) nothing is made.
 */
export async function hastenOpenAdrPoll(db: DbOrTx, vtnUrl: string, at: Date): Promise<void> {
  await hastenJob(db, pollKey(vtnUrl), at);
}
