import type { OpenAdrConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { DbOrTx } from '../db/client';
import { scheduleJob } from '../modules/durable-jobs/durable-jobs.repository';
import type { OpenAdrClient } from '../modules/openadr/openadr-client';
import { pollVtn } from '../modules/openadr/openadr-ven.service';
import type { JobHandler } from './durable-worker';

export const OPENADR_POLL_JOB = 'openadr.poll';
const pollKey = (vtnUrl: string) => `openadr-poll:${vtnUrl}`;

/**
 * The poll chains itself on the durable schedule (decision 104): each run asks to run again after
 * the poll interval, or after the back-off when the VTN refused or failed, so a restart neither
 * loses the chain nor polls twice. A poll never fails the job: its faults are recorded on the VTN's
 * row and the VEN keeps going.
 */
export function openAdrJobHandlers(deps: { config: OpenAdrConfig; client: OpenAdrClient; logger: Logger }): Record<string, JobHandler> {
  const { config, client, logger } = deps;
  return {
    [OPENADR_POLL_JOB]: async ({ tx, now }) => {
      const result = await pollVtn(tx, client, { url: config.vtnUrl, version: config.version, venName: config.venName }, now);
      if (!result.ok) {
        logger.warn({ vtn: config.vtnUrl, error: result.error, retryAt: result.retryAt }, 'OpenADR poll failed');
        return { retryAt: result.retryAt };
      }
      return { retryAt: new Date(now.getTime() + config.pollSeconds * 1000) };
    },
  };
}

/** Start-up: the chain exists, and its next poll is now (configuration may have changed while down). */
export async function scheduleOpenAdrPoll(db: DbOrTx, config: OpenAdrConfig, now: Date): Promise<void> {
  await scheduleJob(db, { name: OPENADR_POLL_JOB, key: pollKey(config.vtnUrl), runAt: now, payload: { vtnUrl: config.vtnUrl } });
}
