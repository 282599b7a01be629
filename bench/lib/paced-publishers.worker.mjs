// The load bench's MQTT gateways (see paced-publishers.ts): each publishes one message every
// intervalMs, QoS 1, and keeps it until the broker's PUBACK. Plain JavaScript: a worker thread
// does not inherit the tsx loader.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

/** @type {import('./paced-publishers').PacedJob} */
const job = workerData;
/** @type {import('mqtt').MqttClient[]} */
let clients = [];
const published = job.publishers.map(() => 0);
const acknowledged = job.publishers.map(() => 0);
const outstanding = new Set();
let republished = 0;
let running = false;
const timers = [];

/** mqtt.js re-sends a QoS 1 publish from its store after a reconnect; one it fails is sent again here. */
async function publishUntilAcknowledged(client, topic, payload) {
  for (;;) {
    try {
      await client.publishAsync(topic, payload, { qos: 1 });
      return;
    } catch {
      republished++;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

function go() {
  running = true;
  clients.forEach((client, p) => {
    const { topic, payloads } = job.publishers[p];
    const send = () => {
      if (!running || published[p] >= payloads.length) return;
      const payload = payloads[published[p]++];
      const sent = publishUntilAcknowledged(client, topic, payload).then(() => {
        acknowledged[p]++;
        outstanding.delete(sent);
      });
      outstanding.add(sent);
    };
    // Spread the gateways over the interval, as real ones are, rather than all at once.
    timers.push(
      setTimeout(() => {
        if (!running) return;
        send();
        timers.push(setInterval(send, job.intervalMs));
      }, Math.random() * job.intervalMs),
    );
  });
}

async function stop() {
  running = false;
  for (const t of timers) clearTimeout(t);
  const deadline = Date.now() + job.drainMs;
  while (outstanding.size > 0 && Date.now() < deadline) await Promise.race([...outstanding, new Promise((r) => setTimeout(r, 500))]);
  const left = outstanding.size;
  // Forced: a client still holding an unacknowledged publish would otherwise wait for it for ever.
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
  parentPort.postMessage({ type: 'done', published, acknowledged, republished, unacknowledged: left });
}

parentPort.on('message', (message) => {
  if (message === 'go') go();
  else if (message === 'stop') void stop();
});

Promise.all(
  job.publishers.map((p) =>
    mqtt.connectAsync(job.url, { clientId: p.clientId, clean: false, reconnectPeriod: 500, connectTimeout: 10_000, protocolVersion: 4 }),
  ),
).then(
  (connected) => {
    for (const client of connected) client.on('error', () => {});
    clients = connected;
    parentPort.postMessage({ type: 'ready' });
  },
  (error) => parentPort.postMessage({ type: 'error', message: String(error) }),
);
