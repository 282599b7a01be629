/**
 * The MQTT benchmark's devices, run in a worker thread (mqtt-publishers.worker.mjs) so that
 * publishing does not compete with the broker and the ingest worker for the server's event
 * loop: in production the devices are elsewhere. Each publisher is one household's gateway,
 * QoS 1, with `window` publishes awaiting their PUBACK at any time.
 */
import { Worker } from 'node:worker_threads';

export type PublisherJob = {
  url: string;
  /** One publisher per entry; no login on an external (anonymous) broker. */
  publishers: { topic: string; login?: { username: string; password: string }; payloads: string[] }[];
  window: number;
};

export type PublisherMessage = { type: 'ready' } | { type: 'done'; pubacked: number; seconds: number } | { type: 'error'; message: string };

export type Publishers = {
  /** Starts publishing; resolves when every message has its PUBACK (from the broker). */
  run(): Promise<{ pubacked: number; seconds: number }>;
  close(): Promise<void>;
};

/** Connects the publishers in a worker thread; resolves once all are connected. */
export async function startPublishers(job: PublisherJob): Promise<Publishers> {
  const worker = new Worker(new URL('./mqtt-publishers.worker.mjs', import.meta.url), { workerData: job });
  const next = () =>
    new Promise<PublisherMessage>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('error', onError);
      worker.once('message', (message: PublisherMessage) => {
        worker.off('error', onError);
        if (message.type === 'error') reject(new Error(`publishers: ${message.message}`));
        else resolve(message);
      });
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('publishers did not start');
  return {
    run: async () => {
      const done = next();
      worker.postMessage('go');
      const message = await done;
      if (message.type !== 'done') throw new Error('publishers stopped early');
      return { pubacked: message.pubacked, seconds: message.seconds };
    },
    close: async () => {
      worker.postMessage('stop');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await worker.terminate();
    },
  };
}
