import type { OpenAdrConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { DbOrTx } from '../db/client';
import type { OpenAdrClient } from '../modules/openadr/openadr-client';
import type { OpenAdrMqttListener } from '../modules/openadr/openadr-mqtt-listener';
import { OPENADR_POLL_JOB, scheduleOpenAdrPoll } from '../modules/openadr/openadr-poll-schedule';
import { takeNotificationSince } from '../modules/openadr/openadr-subscriptions.repository';
import { applyVtnSnapshot, fetchVtn } from '../modules/openadr/openadr-ven.service';
import { preparedJob, type JobHandler } from './durable-worker';

/**
 * The poll chains itself on the durable schedule (decision 104): each run asks to run again after
 * the poll interval, or after the back-off when the VTN refused or failed, so a restart neither
 * loses the chain nor polls twice. A poll never fails the job: its faults are recorded on the VTN's
 * row and the VEN keeps going. The VTN is asked before the job's transaction opens (decision 110):
 * a VTN slow to answer holds no database.
 */
export function openAdrJobHandlers(deps: { config: OpenAdrConfig; client: OpenAdrClient; logger: Logger; mqtt?: OpenAdrMqttListener }): Record<string, JobHandler> {
  const { config, client, logger } = deps;
  const identity = { url: config.vtnUrl, version: config.version, venName: config.venName };
  return {
    [OPENADR_POLL_JOB]: preparedJob(
      async ({ db, now }) => {
        const snapshot = await fetchVtn(db, client, identity, now, config.callbackUrl);
        // Outside the transaction, as the questions are: the listener writes its state on its own connection (decision 114).
        if (snapshot.ok) await deps.mqtt?.update(snapshot.vtnId, snapshot.notifier);
        return snapshot;
      },
      async ({ tx, now }, snapshot) => {
        const result = await applyVtnSnapshot(tx, snapshot, now);
        if (!result.ok) {
          logger.warn({ vtn: config.vtnUrl, error: result.error, retryAt: result.retryAt }, 'OpenADR poll failed');
          return { retryAt: result.retryAt };
        }
        // A notification during this poll's questions may be of a change they did not see.
        if (await takeNotificationSince(tx, snapshot.vtnId, now)) return { retryAt: now };
        return { retryAt: new Date(now.getTime() + config.pollSeconds * 1000) };
      },
    ),
  };
}

/** Start-up: the chain exists, and its next poll is now (configuration may have changed while down). */
export async function startOpenAdrPolling(db: DbOrTx, config: OpenAdrConfig, now: Date): Promise<void> {
  await scheduleOpenAdrPoll(db, config.vtnUrl, now);
}
