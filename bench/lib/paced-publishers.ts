/**
 * Household gateways sending over MQTT QoS 1 at a steady rate (one message every `intervalMs`
 * each), from a worker thread (paced-publishers.worker.mjs). A message counts as acknowledged
 * when the broker PUBACKs it; what the server then stores is checked against that.
 */
import { Worker } from 'node:worker_threads';

export type PacedJob = {
  url: string;
  intervalMs: number;
  /** How long stop() waits for the last PUBACKs. */
  drainMs: number;
  /** One gateway each; `payloads` in order, as many as it may send. */
  publishers: { clientId: string; topic: string; payloads: string[] }[];
};

export type PacedResult = {
  /** Messages each gateway published (its first `published[i]` payloads). */
  published: number[];
  acknowledged: number[];
  republished: number;
  unacknowledged: number;
};

export type PacedPublishers = { go(): void; stop(): Promise<PacedResult>; close(): Promise<void> };

export async function startPacedPublishers(job: PacedJob): Promise<PacedPublishers> {
  const worker = new Worker(new URL('./paced-publishers.worker.mjs', import.meta.url), { workerData: job });
  const next = () =>
    new Promise<{ type: string; message?: string } & Partial<PacedResult>>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('error', onError);
      worker.once('message', (message: { type: string; message?: string } & Partial<PacedResult>) => {
        worker.off('error', onError);
        if (message.type === 'error') reject(new Error(`gateways: ${message.message}`));
        else resolve(message);
      });
    });
  if ((await next()).type !== 'ready') throw new Error('the gateways did not start');
  return {
    go: () => worker.postMessage('go'),
    stop: async () => {
      const done = next();
      worker.postMessage('stop');
      const message = await done;
      return { published: message.published!, acknowledged: message.acknowledged!, republished: message.republished!, unacknowledged: message.unacknowledged! };
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
