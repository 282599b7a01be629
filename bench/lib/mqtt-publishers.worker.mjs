// The benchmark's MQTT devices (see mqtt-publishers.ts). Plain JavaScript: a worker thread does
// not inherit the tsx loader the benchmark runs under.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

/** @type {import('./mqtt-publishers').PublisherJob} */
const job = workerData;
/** @param {import('./mqtt-publishers').PublisherMessage} message */
const send = (message) => parentPort.postMessage(message);
/** @type {import('mqtt').MqttClient[]} */
let clients = [];

async function publishAll() {
  let pubacked = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, p) => {
      const { topic, payloads } = job.publishers[p];
      let next = 0;
      const lane = async () => {
        while (next < payloads.length) {
          await client.publishAsync(topic, payloads[next++], { qos: 1 });
          pubacked += 1;
        }
      };
      await Promise.all(Array.from({ length: job.window }, lane));
    }),
  );
  return { pubacked, seconds: (performance.now() - started) / 1000 };
}

parentPort.on('message', (message) => {
  if (message === 'go') {
    publishAll().then(
      (result) => send({ type: 'done', ...result }),
      (error) => send({ type: 'error', message: String(error) }),
    );
  } else if (message === 'stop') {
    void Promise.all(clients.map((c) => c.endAsync().catch(() => {})));
  }
});

Promise.all(job.publishers.map((p, i) => mqtt.connectAsync(job.url, { clientId: `bench-dev-${process.pid}-${i}-${Date.now()}`, reconnectPeriod: 0, ...(p.login ?? {}) }))).then(
  (connected) => {
    clients = connected;
    send({ type: 'ready' });
  },
  (error) => send({ type: 'error', message: String(error) }),
);
