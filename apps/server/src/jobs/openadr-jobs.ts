import type { OpenAdrConfig } from '../lib/config-openadr-vtns';
import type { Logger } from '../lib/logger';
import type { DbOrTx } from '../db/client';
import type { OpenAdrClient } from '../modules/openadr/openadr-client';
import type { OpenAdrMqttListener } from '../modules/openadr/openadr-mqtt-listener';
import { OPENADR_POLL_JOB, scheduleOpenAdrPoll } from '../modules/openadr/openadr-poll-schedule';
import { takeNotificationSince } from '../modules/openadr/openadr-subscriptions.repository';
import { applyVtnSnapshot, fetchVtn, type VtnSnapshot } from '../modules/openadr/openadr-ven.service';
import { preparedJob, type JobHandler } from './durable-worker';

/** One VTN as this server takes part in it: its configuration, its own client (token) and MQTT listener. */
export type OpenAdrVen = { config: OpenAdrConfig; client: OpenAdrClient; mqtt?: OpenAdrMqttListener };

/**
 * The poll chains itself on the durable schedule (decision 104): each run asks to run again after
 * the poll interval, or after the back-off when the VTN refused or failed, so a restart neither
 * loses the chain nor polls twice. A poll never fails the job: its faults are recorded on the VTN's
 * row and the VEN keeps going. The VTN is asked before the job's transaction opens (decision 110):
 * a VTN slow to answer holds no database. Each VTN has a chain of its own, keyed by its URL, which
 * the job's payload names (decision 121): one VTN down backs off alone, the others poll on time.
 */
export function openAdrJobHandlers({ vtns, logger }: { vtns: readonly OpenAdrVen[]; logger: Logger }): Record<string, JobHandler> {
  const vens = new Map(vtns.map((ven) => [ven.config.vtnUrl, ven]));
  type Prepared = { ven: OpenAdrVen; snapshot: VtnSnapshot } | null;
  return {
    [OPENADR_POLL_JOB]: preparedJob<Prepared>(
      async ({ db, job, now }) => {
        const ven = vens.get(String(job.payload.vtnUrl));
        if (!ven) return null;
        const { config, client } = ven;
        const snapshot = await fetchVtn(db, client, { url: config.vtnUrl, version: config.version, venName: config.venName, name: config.name }, now, config.callbackUrl);
        // Outside the transaction, as the questions are: the listener writes its state on its own connection (decision 114).
        if (snapshot.ok) await ven.mqtt?.update(snapshot.vtnId, snapshot.notifier);
        return { ven, snapshot };
      },
      async ({ tx, job, now }, prepared) => {
        // A VTN no longer configured: its chain ends here (its rows stay, for /ops and the record).
        if (prepared === null) {
          logger.warn({ vtn: job.payload.vtnUrl }, 'OpenADR poll of a VTN no longer configured: its chain ends');
          return;
        }
        const { ven, snapshot } = prepared;
        const result = await applyVtnSnapshot(tx, snapshot, now);
        if (!result.ok) {
          logger.warn({ vtn: ven.config.vtnUrl, name: ven.config.name, error: result.error, retryAt: result.retryAt }, 'OpenADR poll failed');
          return { retryAt: result.retryAt };
        }
        // A notification during this poll's questions may be of a change they did not see.
        if (await takeNotificationSince(tx, snapshot.vtnId, now)) return { retryAt: now };
        return { retryAt: new Date(now.getTime() + ven.config.pollSeconds * 1000) };
      },
    ),
  };
}

/** Start-up: each VTN's chain exists, and its next poll is now (configuration may have changed while down). */
export async function startOpenAdrPolling(db: DbOrTx, configs: readonly OpenAdrConfig[], now: Date): Promise<void> {
  for (const config of configs) await scheduleOpenAdrPoll(db, config.vtnUrl, now);
}
